"""A phone at the table asks about an expansion box in its own language (issue 31, point 4): types the
question, taps the ruling, reads the answer and its sources in that language; a box card's page shows the
box's ruling in the language the player switched to."""
from playwright.sync_api import expect


def test_a_german_question_about_cities_debt_finds_its_ruling_in_german(live_server, phone, shoot):
    phone.goto(f"{live_server}/cards/?lang=de")
    phone.locator("#q").press_sequentially("schwarze Karte Münzen verlieren Schulden", delay=20)
    ruling = phone.locator("#results .rulings li a", has_text="Eine schwarze Karte lässt mich Münzen verlieren")
    expect(ruling).to_be_visible()
    ruling.tap()
    expect(phone.locator("h1")).to_contain_text("Muss ich zahlen, oder darf ich Schulden machen?")
    expect(phone.locator("main")).to_contain_text("Schuldenmarker von -1")
    expect(phone.locator("main")).to_contain_text("die Seite eines Vertriebs zu 7 Wonders Cities")
    expect(phone.locator("main")).not_to_contain_text("distributor")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "ruling-cities-debt-de")


def test_the_great_walls_page_shows_its_rulings_after_switching_to_italian(live_server, phone, shoot):
    phone.goto(f"{live_server}/cards/7wonders/1/great-wall?lang=en")
    expect(phone.locator("main")).to_contain_text("Must the Great Wall's stages be built in order?")
    phone.locator(".langs summary").click()
    phone.get_by_role("link", name="Italiano").click()
    expect(phone.locator("html")).to_have_attribute("lang", "it")
    expect(phone.locator("main")).to_contain_text("Le fasi della Grande Muraglia (The Great Wall) vanno costruite in ordine?")
    expect(phone.locator("main")).to_contain_text("il regolamento inglese del Wonder Pack")
    expect(phone.locator("main")).not_to_contain_text("Must the Great Wall")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "great-wall-rulings-it")
