"""A phone types a card name and sees results as it types; switches language."""
from playwright.sync_api import expect


def test_results_update_as_you_type(live_server, phone, shoot):
    phone.goto(f"{live_server}/cards/")
    box = phone.locator("#q")
    box.press_sequentially("cariera de pia", delay=40)
    expect(phone.locator("#results .chip-name").first).to_have_text("Stone Pit")
    box.fill("")
    box.press_sequentially("Gremio de tact", delay=40)
    expect(phone.locator("#results .chip-name").first).to_have_text("Tacticians Guild")
    assert "q=Gremio" in phone.url                      # the address follows, so it can be shared
    shoot(phone, "cards-search")
    phone.locator("#results .card-chip").first.click()
    expect(phone.locator("h1")).to_have_text("Tacticians Guild")


def test_switch_language_and_the_page_changes(live_server, phone, shoot):
    phone.goto(f"{live_server}/cards/duel/stone-pit")
    expect(phone.locator("h1")).to_have_text("Stone Pit")
    phone.locator(".langs summary").click()
    phone.get_by_role("link", name="Română").click()
    expect(phone.locator("html")).to_have_attribute("lang", "ro")
    expect(phone.locator("h1")).to_have_text("Carieră de piatră")
    expect(phone.locator(".card-band .en")).to_have_text("Stone Pit")
    shoot(phone, "card-stone-pit-ro")
    phone.goto(f"{live_server}/")                      # remembered on the next page
    expect(phone.locator("html")).to_have_attribute("lang", "ro")


def test_a_question_finds_the_ruling(live_server, phone):
    phone.goto(f"{live_server}/cards/")
    phone.locator("#q").press_sequentially("can I buy from a yellow card", delay=20)
    expect(phone.locator("#results .rulings li").first).to_be_visible()
