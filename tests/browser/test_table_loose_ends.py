"""The tracked table's loose ends from a player walk (issue 29's walk, helper 64), at 390x844.

- A guest phone (joined by the table's link, its phone not in the group that started the game) saw
  only each player's total at the end: the score sheet with the categories is the group's, and the
  table page showed none. Every phone at the table now sees the points by category there, in its
  language, as the pad's rows print them.
- A Duel's ✎ slot (a card turned face up, to enter) tapped while the table waited for another entry
  first (Ana choosing a progress token) showed nothing without JavaScript (the page came back at its
  top, unchanged) and, with it, told Ana "It is Ana's turn to play a card.". The slot's entry now
  opens and says what comes first, and a card tapped meanwhile says what its player must do.
"""
from urllib.parse import quote

from playwright.sync_api import expect

from companion.engine.messages import minus

from ..web.test_recorded_duel import AGE_I, AGE_II, AGE_III, SETUP
from .sheet_page import tr
from .test_every_phone_gets_in import FIVE, fits, new_phone, play_recorded_game
from .test_live_table import settled

# The recorded Duel up to Ana's Library, her second science pair: she must choose a progress token
# while slot 16, uncovered by her card, waits to be entered.
TOKEN_WAIT = [doc for steps in (SETUP, AGE_I, AGE_II, AGE_III) for doc, _, _ in steps][:73]

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
        assert row.locator("td").all_inner_texts() == [minus(p["scores"][key]) for p in score]
    assert final.locator("tfoot tr.total td").all_inner_texts() == [minus(p["total"]) for p in score]
    assert final.locator("tfoot tr.rank td").all_inner_texts() == [str(p["rank"]) for p in score]
    fits(guest)
    shoot(guest, f"guest-final-scores-{lang}")
    first.close()
    second.close()


def test_a_duel_slot_to_enter_tapped_while_a_token_is_chosen_says_what_comes_first(live_server, browser, shoot):
    lang = "de"
    first, bruno = new_phone(browser, lang, js=False)
    doc = bruno.context.request.post(f"{live_server}/api/v1/games",
                                     data={"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]}).json()
    for move in TOKEN_WAIT:
        assert bruno.context.request.post(f"{live_server}/api/v1/games/{doc['code']}/actions", data=move,
                                          headers={"Authorization": f"Bearer {doc['token']}"}).ok
    bruno.goto(f"{live_server}{doc['join_url']}&as=Bruno")
    second, ana = new_phone(browser, lang)
    ana.goto(f"{live_server}{doc['join_url']}&as=Ana")
    wait = tr(lang, "choose a progress token")
    said = tr(lang, "First %(name)s must %(wait)s; then enter the card in slot %(n)s.") % {
        "name": "Ana", "wait": wait, "n": 16}

    bruno.locator("a.slot.unknown[data-slot='15']").click()          # no JavaScript: the page again
    entry = bruno.locator("#reveal[data-entry-later]")
    expect(entry).to_contain_text(said)
    expect(entry).to_be_in_viewport()                                  # where the page lands, not below it
    expect(bruno.locator("a.slot.unknown[data-slot='15']")).to_have_class("slot up unknown chosen")
    fits(bruno)
    shoot(bruno, f"duel-entry-later-nojs-{lang}")

    ana.locator("a.slot.unknown[data-slot='15']").click()             # her own phone, with JavaScript
    expect(ana.locator("#reveal[data-entry-later]")).to_contain_text(said)
    expect(ana.locator("#reveal[data-entry-later]")).to_be_in_viewport()
    settled(ana)
    ana.locator("a.slot.open").first.click()                           # a card she may not take yet
    expect(ana.locator("[data-why-not]")).to_have_text(
        tr(lang, "First %(name)s must %(wait)s.") % {"name": "Ana", "wait": wait})
    settled(ana)
    ana.locator("#board > .moves form").first.locator("button").click()      # she chooses her token

    bruno.locator("a.slot.unknown[data-slot='15']").click()           # now the slot's entry opens
    expect(bruno.locator("#reveal[data-reveal-slot='16'] [data-reveal]").first).to_be_visible()
    expect(bruno.locator("#reveal [data-entry-later]")).to_have_count(0)
    first.close()
    second.close()
