"""A Duel with Pantheon and Agora on a phone (ro, 390x844): a card tapped in the pyramid, or a ✎ slot,
brings its moves (or the card search) below the boxes' boards, ~2,000 px down: the card lit up and
nothing else seen to change, and a keyboard's focus left on <body>, the search ~20 Tabs away. The
tap's own answer takes the focus there (the page scrolls to it); a board pushed by another phone's
move does not move the focus or the page."""
from playwright.sync_api import expect

from .test_box_table_journey import set_up
from .test_live_table import settled
from .test_table_journeys import join_as, phone


def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight; }""", selector)


def enter_until_a_card_is_taken(page, other) -> None:
    """The set-up and the face-up cards entered on this phone until a player is to take a card."""
    for _ in range(80):
        settled(page)
        if page.locator("a.slot.open").count() and not page.locator("a.slot.unknown").count():
            return
        version = page.locator("#board").get_attribute("data-version")
        offered = page.locator("#board > div.moves:not(#slot-moves) [data-move]")
        if offered.count():
            offered.first.click()
        elif page.locator("#reveal [data-reveal]").count():
            page.locator("#reveal [data-reveal]").first.click()
        else:                      # a seat's own choice (a wonder, a conspiracy): made on its phone
            actor = other if other.locator("#board > div.moves [data-move]").count() else page
            actor.locator("#board > div.moves [data-move]").first.click()
        expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    raise AssertionError("no card to take")


def test_a_slot_tapped_or_entered_by_keyboard_brings_its_moves_into_view(live_server, browser):
    code = set_up(live_server)
    (c1, ana), (c2, bruno) = phone(browser, "ro"), phone(browser, "ro")
    join_as(ana, live_server, code, "Ana", {"who": "Cine ești?"})
    join_as(bruno, live_server, code, "Bruno", {"who": "Cine ești?"})
    # A ✎ slot by the keyboard: Enter on it, and the card search's heading has the focus, the search in view.
    for page in (ana, bruno):
        settled(page)
    for _ in range(60):
        if ana.locator("a.slot.unknown").count():
            break
        version = ana.locator("#board").get_attribute("data-version")
        actor = ana if ana.locator("#board > div.moves [data-move]").count() else bruno
        actor.locator("#board > div.moves [data-move]").first.click()
        expect(ana.locator("#board")).not_to_have_attribute("data-version", version)
        settled(ana)
    ana.locator("a.slot.unknown").last.focus()
    ana.keyboard.press("Enter")
    expect(ana.locator("#reveal h2")).to_be_focused()
    assert in_view(ana, "#reveal h2") and in_view(ana, "#reveal input[type=search]")
    ana.keyboard.press("Tab")
    expect(ana.locator("#reveal input[type=search]")).to_be_focused()
    # A card tapped: its moves in view, focused.
    enter_until_a_card_is_taken(ana, bruno)
    status = ana.locator("[data-status]").inner_text()
    player = ana if "Ana" in status.split("·")[-1] else bruno
    watcher = bruno if player is ana else ana
    player.evaluate("window.scrollTo(0, 0)")
    player.locator("a.slot.open").first.click()
    expect(player.locator("#slot-moves")).to_be_focused()
    assert in_view(player, "#slot-moves")
    # The other phone, reading the page's top, is left where it is when the move lands.
    watcher.evaluate("window.scrollTo(0, 0)")
    version = watcher.locator("#board").get_attribute("data-version")
    player.locator("#slot-moves button").first.click()
    expect(watcher.locator("#board")).not_to_have_attribute("data-version", version)
    settled(watcher)
    assert watcher.evaluate("scrollY") == 0
    for context in (c1, c2):
        context.close()
