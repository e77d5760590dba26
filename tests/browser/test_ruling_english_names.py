"""A ruling translated into a language that has no printed name for a thing writes the English name
marked, as the card pages and the city's lists mark one ("Politics*", lang="en", and a note saying the
asterisk): the Architects' rulings named Politics and Culture in English in pt and de, silently, as if
those were the language's words. Medals, the expansion's title, stays as every box's title does (Cities,
Leaders), unmarked."""
import pytest
from playwright.sync_api import expect

from .sheet_page import tr

NOTE = "English name: none known in this language"


@pytest.mark.parametrize("lang,ident,english", [("pt", "architects-culture", "Culture"),
                                                ("de", "architects-culture", "Culture"),
                                                ("pt", "architects-cat", "Politics"), ("de", "architects-cat", "Politics")])
def test_an_english_name_in_a_ruling_is_marked(live_server, phone, shoot, lang, ident, english):
    phone.goto(f"{live_server}/cards/rulings/{ident}?lang={lang}")
    main = phone.locator("main")
    marked = main.locator(f"span[lang='en']:text-is('{english}') + span.en-mark")
    expect(marked.first).to_have_text("*")
    expect(main.locator("p.note", has_text=tr(lang, NOTE))).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, f"ruling-english-name-{ident}-{lang}")


def test_the_rulings_list_marks_them_and_english_has_no_mark(live_server, phone):
    phone.goto(f"{live_server}/cards/rulings?game=architects&lang=pt")
    item = phone.locator("li#architects-culture")
    expect(item.locator("span.en-mark")).to_have_count(2)               # the question's and the answer's
    expect(item.locator("p.note")).to_have_text("* " + tr("pt", NOTE))
    phone.goto(f"{live_server}/cards/rulings/architects-culture?lang=en")
    expect(phone.locator("h1")).to_have_text("How do the Culture tokens score?")
    expect(phone.locator("main span.en-mark")).to_have_count(0)
