"""The sheet's wonder boards: the side's menu reads whole. Walked by keyboard at 390x844 (7 Wonders 2nd
edition + Armada, Edifice, 7 players, ro): the side's menu, 6.5rem wide, read "Fața de z…" for "Fața de
zi" (and "Fața de noapte", es "Cara de noche" were cut the same). It is as wide as its longest side now,
the name beside it taking what is left, the page no wider than the phone."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .sheet_page import new_sheet

LONGEST = "Bartholomäus-Alexandrina"          # 24 letters, the most a name may have


def text_width(page, select) -> float:
    """The widest option's text in the menu's own font, and the room the menu gives its text."""
    return select.evaluate("""(s) => {
        const style = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const widest = Math.max(...[...s.options].map(o => ctx.measureText(o.text).width));
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
        return room - widest;
    }""")


@pytest.mark.parametrize("lang", ["ro", "es"])
def test_the_side_reads_whole(phone, live_server, lang):
    url = new_sheet(phone, live_server, "7wonders-2e", [LONGEST, "Bo", "Cy"], lang=lang, boxes=["armada"], by_enter=True)
    phone.goto(f"{url}?section=boards")
    side = phone.locator('select[name="s-0"]')
    expect(side).to_be_visible()
    assert text_width(phone, side) >= 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    name = phone.locator("#board-name-0")
    assert name.bounding_box()["x"] + name.bounding_box()["width"] <= side.bounding_box()["x"]
