"""History on a 390x844 phone, as a group uses it: save two games, edit one (it says "edited"),
delete the other and undo it, merge a player's two spellings; in English and in French."""
import re

import pytest
from playwright.sync_api import expect

from .test_score_sheet import SheetPage, tr


def game(phone, base, lang, names, civil):
    sheet = SheetPage(phone, lang)
    sheet.start(base, "7wonders", names)
    for player, points in enumerate(civil):
        sheet.type(player, "civil", points)
    expect(phone.locator("[data-total]")).to_have_text([str(c) for c in civil])
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/\?saved="))
    return phone.url.split("saved=")[1]


def tile(phone, sheet_id):
    return phone.locator(f'li[data-game="{sheet_id}"]')


def stats_row(phone, name):
    return phone.locator('section[data-pad="7wonders"] tbody tr').filter(
        has=phone.locator("th", has_text=re.compile(rf"^{name}$")))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_save_edit_delete_with_undo_and_merge_in_history(live_server, phone, shoot, lang):
    first = game(phone, live_server, lang, ["Ana", "Bruno", "Chloé"], [20, 5, 3])
    expect(tile(phone, first)).to_contain_text("1. Ana — 20")
    expect(tile(phone, first).locator("[data-victory]")).to_have_count(0)     # won on points, as every 7 Wonders game
    second = game(phone, live_server, lang, ["Anna", "Bruno", "Chloé"], [4, 10, 3])
    expect(tile(phone, second).locator("ol li")).to_have_text(["1. Bruno — 10", "2. Anna — 4", "3. Chloé — 3"])

    # Edit: asked for on the game; the sheet reopens, the change is filed again and said so.
    tile(phone, first).get_by_role("button", name=tr(lang, "Edit"), exact=True).click()
    phone.wait_for_url(re.compile(rf".*/sheets/{first}$"))
    sheet = SheetPage(phone, lang)
    sheet.type(0, "civil", 25)
    expect(phone.locator("[data-total]")).to_have_text(["25", "5", "3"])
    phone.get_by_role("button", name=tr(lang, "Save to history")).click()
    phone.wait_for_url(re.compile(r".*/history/\?saved="))
    expect(tile(phone, first)).to_contain_text("1. Ana — 25")
    expect(tile(phone, first)).to_contain_text(tr(lang, "edited"))
    shoot(phone, f"history-edited-{lang}")

    # Delete, with a confirmation, then undo from the banner.
    tile(phone, second).get_by_role("link", name=tr(lang, "Delete"), exact=True).click()
    expect(phone.locator("h1")).to_have_text(tr(lang, "Delete this game?"))
    phone.get_by_role("button", name=tr(lang, "Delete the game")).click()
    expect(phone.get_by_text(tr(lang, "Game deleted."))).to_be_visible()
    expect(tile(phone, second)).to_have_count(0)
    expect(stats_row(phone, "Anna")).to_have_count(0)
    shoot(phone, f"history-deleted-{lang}")
    phone.get_by_role("button", name=tr(lang, "Undo"), exact=True).click()
    expect(tile(phone, second)).to_contain_text("2. Anna — 4")
    expect(stats_row(phone, "Bruno").locator("td").first).to_have_text("2")

    # Merge: "Anna" is Ana; her games and wins count once, under one name.
    phone.get_by_role("link", name=tr(lang, "Rename or merge players")).click()
    phone.locator("select[name=old]").select_option("Anna")
    phone.get_by_label(tr(lang, "New name")).fill("Ana")
    phone.get_by_role("button", name=tr(lang, "Rename"), exact=True).click()
    expect(phone.get_by_role("status")).to_contain_text("Ana")
    expect(phone.locator("select[name=old] option")).to_have_text(["Ana", "Bruno", "Chloé"], use_inner_text=True)
    shoot(phone, f"history-merged-{lang}")
    phone.goto(f"{live_server}/history/")
    expect(tile(phone, second).locator("ol li")).to_have_text(["1. Bruno — 10", "2. Ana — 4", "3. Chloé — 3"])
    expect(stats_row(phone, "Ana").locator("td").nth(0)).to_have_text("2")        # games
    expect(stats_row(phone, "Ana").locator("td").nth(1)).to_have_text("1")        # wins
    expect(stats_row(phone, "Anna")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
