"""The card look-up's and the trade pricer's menus, closed, show the whole choice on a 390 px phone.

Two menus side by side had half the width each: "Todos los colores" read "Todos los color", the pricer's
"Autre coût (ci-dessous)" read "Autre coût (ci-d". Each option is put in a copy of its menu that takes
the width its text needs (padding and arrow included): that width must fit in the menu's own.
"""
import pytest
from playwright.sync_api import expect

from .test_action_words_fit import NEEDED

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]


@pytest.mark.parametrize("path", ["/cards/", "/calc/trade"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_choice_of_a_menu_is_read_whole(live_server, phone, path, lang):
    phone.goto(f"{live_server}{path}?lang={lang}")
    menus = phone.locator("main select")
    expect(menus.first).to_be_visible()
    cut = []
    for menu in menus.all():
        have = menu.bounding_box()["width"]
        texts = menu.locator("option").all_inner_texts()
        cut += [(text, round(width), round(have)) for text, width in menu.evaluate(NEEDED, texts)
                if width > have]
    assert not cut, cut
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
