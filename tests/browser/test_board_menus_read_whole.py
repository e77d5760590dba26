"""A wonder board chosen from a menu is read whole on a 390 px phone, in every language.

A player walk in French: the score sheet's board menu sat between the name and the side, 136 px wide,
and read "Les Jardins sus…" (every board was cut, in English too); the new table's, at full width, still
cut "Los Jardines Colgantes de Babilonia" (367 px needed, 328 there), the city page's at half width more. The boards are named by their city
in a menu, as players call them ("Babilonia", "Éphèse"), and the sheet's menu has a line of its own.
"""
import re

import pytest
from playwright.sync_api import expect

from .sheet_page import SheetPage
from .test_action_words_fit import NEEDED

LANGS = ["en", "fr", "de", "es", "it", "pt", "ro"]


def cut_choices(page, selector):
    cut = []
    for menu in page.locator(selector).all():
        have = menu.bounding_box()["width"]
        texts = menu.locator("option").all_inner_texts()
        cut += [(text, round(width), round(have)) for text, width in menu.evaluate(NEEDED, texts) if width > have]
    return cut


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheets_board_menus_show_the_whole_board(live_server, phone, lang):
    sheet = SheetPage(phone, lang)
    sheet.start(live_server, "7wonders", ["Ana", "Bruno", "Chloé"], ["Leaders", "Cities"])
    phone.goto(re.sub(r"\?.*$", "", phone.url) + "?section=boards")
    expect(phone.locator(".board-entry select[name^=w-]")).to_have_count(3)
    assert not cut_choices(phone, ".board-entry select")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.goto(re.sub(r"\?.*$", "", phone.url) + "/city/0")             # a city entered from its cards
    expect(phone.locator("select[name=wonder]")).to_be_visible()
    assert not cut_choices(phone, "select[name=wonder], select[name=side]")


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_tables_board_menus_show_the_whole_board(live_server, phone, lang):
    phone.goto(f"{live_server}/g/new?kind=7wonders-1&lang={lang}")
    expect(phone.locator("select[name=wonder]").first).to_be_visible()
    assert not cut_choices(phone, "select[name=wonder], select[name=side]")
