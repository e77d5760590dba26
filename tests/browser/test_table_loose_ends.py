"""The tracked table's loose ends from a player walk (issue 29's walk, helper 64), at 390x844.

- A guest phone (joined by the table's link, its phone not in the group that started the game) saw
  only each player's total at the end: the score sheet with the categories is the group's, and the
  table page showed none. Every phone at the table now sees the points by category there, in its
  language, as the pad's rows print them.
"""
from urllib.parse import quote

from playwright.sync_api import expect

from .sheet_page import tr
from .test_every_phone_gets_in import FIVE, fits, new_phone, play_recorded_game

ROWS = ("Military", "Treasury", "Wonder", "Civil", "Science", "Commercial", "Guilds")    # the 1st edition's pad


def test_a_guest_sees_every_players_points_by_category_at_the_end(live_server, browser, shoot):
    lang = "pt"
    first, host = new_phone(browser, lang)
    host.goto(f"{live_server}/group/?lang={lang}")            # the host's phone has its group
    doc = host.context.request.post(f"{live_server}/api/v1/games", data={
        "game": "7wonders", "edition": 1, "players": [{"name": n, "wonder": w, "side": s} for n, w, s in FIVE]}).json()
    second, guest = new_phone(browser, lang)
    guest.goto(f"{live_server}{doc['join_url']}&as={quote('Bruno')}")      # the QR code: a guest
    expect(guest.locator("#board")).to_have_attribute("data-seat", "Bruno")
    play_recorded_game(host.context.request, live_server, doc["code"], doc["token"])
    guest.reload()
    final = guest.locator("[data-final-scores]")
    expect(final).to_be_visible()
    score = host.context.request.get(f"{live_server}/api/v1/games/{doc['code']}",
                                     headers={"Authorization": f"Bearer {doc['token']}"}).json()["score"]["players"]
    names = [p["name"] for p in score]
    assert final.locator("thead th.pad-name").all_inner_texts() == names
    for row, word in zip(final.locator("tbody tr").all(), ROWS, strict=True):
        assert row.locator("th").inner_text() == tr(lang, word)
        key = row.get_attribute("data-row")
        assert row.locator("td").all_inner_texts() == [str(p["scores"][key]) for p in score]
    assert final.locator("tfoot tr.total td").all_inner_texts() == [str(p["total"]) for p in score]
    assert final.locator("tfoot tr.rank td").all_inner_texts() == [str(p["rank"]) for p in score]
    fits(guest)
    shoot(guest, f"guest-final-scores-{lang}")
    first.close()
    second.close()
