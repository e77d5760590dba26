"""A table's action menu, closed, shows the whole choice on a 390 px phone in every language.

A closed <select> shows one line and cuts the rest: in German "Eine Weltwunder-Stufe bauen mit" read
"Eine Weltwunder-Stufe bauen m…", in Italian "Costruire una fase della Meraviglia con" lost its end.
Each action's words (those the page shows, and those of the Halicarnassus turn) are put in a copy of
the page's menu that takes the width its text needs: that width must fit in the menu's own.
"""
import pytest
from playwright.sync_api import expect

from companion.web import create_app
from companion.web.table_view import VERBS

from .test_live_table import KEYS, api
from .test_table_journeys import SEVEN

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]

# The width a menu holding only this text takes (padding and arrow included), beside the page's menu.
NEEDED = """(menu, texts) => texts.map(text => {
  const copy = menu.cloneNode(false);
  Object.assign(copy.style, {width: 'auto', minWidth: '0', maxWidth: 'none', position: 'absolute', visibility: 'hidden'});
  copy.append(new Option(text));
  menu.parentNode.append(copy);
  const width = copy.getBoundingClientRect().width;
  copy.remove();
  return [text, width];
})"""


def verb_words(lang: str, tmp_path) -> list[str]:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "words.sqlite3"), "SECRET_KEY": "words"})
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        return [str(word) for word in VERBS.values()]


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_is_read_whole_in_the_closed_menu(live_server, browser, lang, tmp_path):
    made = api(live_server, "/api/v1/games", SEVEN)
    KEYS[made["code"]] = made["token"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang, is_mobile=True,
                                  has_touch=True, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(f"{live_server}/g/{made['code']}?t={made['token']}&as=Ana&lang={lang}")
    menu = page.locator("section.act7 select[name=action]")
    expect(menu).to_have_count(1)
    shown = menu.locator("option").all_inner_texts()
    words = verb_words(lang, tmp_path)
    assert set(shown) <= set(words)                 # the page's words are the ones measured
    have = menu.bounding_box()["width"]
    cut = [(text, round(width)) for text, width in menu.evaluate(NEEDED, words)
           if width > have]
    assert not cut, f"cut at {round(have)} px: {cut}"
    context.close()
