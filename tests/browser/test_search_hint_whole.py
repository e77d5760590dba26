"""The card look-up says what may be typed in its search, whole, on a 390 px phone in every language.

As the box's placeholder, "A card name in any language, or a question" was cut in every language (395
to 488 px of text in 332): "or a question", the rulings search, was lost. An input's placeholder, where
there is one, fits its box; the hint is read whole.
"""
import pytest
from playwright.sync_api import expect

from .sheet_page import tr

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]
HINT = "A card name in any language, or a question"

PLACEHOLDERS_CUT = """() => [...document.querySelectorAll('input[placeholder]')].map(input => {
  const style = getComputedStyle(input), pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [input.placeholder, pen.measureText(input.placeholder).width, room];
}).filter(([text, width, room]) => width > room)"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_search_hint_is_read_whole(live_server, phone, lang):
    phone.goto(f"{live_server}/cards/?lang={lang}")
    hint = phone.get_by_text(tr(lang, HINT), exact=True)
    expect(hint).to_be_visible()
    assert hint.evaluate("e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= 390")
    assert phone.evaluate(PLACEHOLDERS_CUT) == []
    expect(phone.get_by_role("searchbox", name=tr(lang, HINT))).to_be_focused()      # named by it, focused
