"""Two phones at one Duel table: a move on one shows on the other within 2 seconds."""
import json
import urllib.request

from playwright.sync_api import expect

from ..web.test_games import SHOWN, TOKENS


KEYS = {}     # code -> token


def api(base, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    code = path.split("/api/v1/games/")[-1].split("/")[0] if "/api/v1/games/" in path else None
    if code in KEYS:
        headers["Authorization"] = f"Bearer {KEYS[code]}"
    request = urllib.request.Request(base + path, data=data, headers=headers,
                                     method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def set_up(base) -> str:
    """Tokens and the wonder draft through the API: the age is what the phones play."""
    made = api(base, "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    code = made["code"]
    KEYS[code] = made["token"]
    for token in TOKENS:
        api(base, f"/api/v1/games/{code}/actions", {"action": "show-progress", "token": token})
    for shown, order in zip(SHOWN, [("Ana", "Bruno", "Bruno"), ("Bruno", "Ana", "Ana")]):
        for wonder in shown:
            api(base, f"/api/v1/games/{code}/actions", {"action": "show-wonder", "wonder": wonder})
        for who, wonder in zip(order, shown):
            api(base, f"/api/v1/games/{code}/actions", {"player": who, "action": "pick", "wonder": wonder})
    return code


def settled(page):
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def open_a_slot(page, tries=3):
    """Taps a card the phone can take until its moves show, as a player taps again when a tap opened
    nothing: a tap on a board being swapped is lost (seen twice on a loaded machine, the second time
    after the wait for a settled board: a swap began between that wait and the tap)."""
    for _ in range(tries):
        settled(page)                  # the board it brings swapped in and settled before a slot is tapped
        page.locator("a.slot.open").first.click()
        settled(page)
        if page.locator("#slot-moves button").count():
            return
    expect(page.locator("#slot-moves button").last).to_be_visible()


class TablePhone:
    def __init__(self, page, base, code, name):
        self.page, self.base, self.code = page, base, code
        page.goto(f"{base}/g/{code}?t={KEYS[code]}&as={name}")      # the join link (the QR code)

    def version(self) -> int:
        return int(self.page.locator("#board").get_attribute("data-version"))

    def shows(self, version: int) -> None:
        expect(self.page.locator("#board")).to_have_attribute("data-version", str(version), timeout=2000)

    def moved_past(self, version: int) -> int:
        """Wait for this phone's own move to land; the game's new version."""
        expect(self.page.locator("#board")).not_to_have_attribute("data-version", str(version))
        return self.version()

    def enter_reveal(self) -> None:
        self.page.locator("#reveal [data-reveal]").first.click()

    def discard_first_open_card(self) -> None:
        open_a_slot(self.page)
        self.page.locator("#slot-moves button", has_text="Discard").click()


def test_two_phones_play_an_age_and_see_each_move_within_two_seconds(live_server, browser, shoot):
    code = set_up(live_server)
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    ana = TablePhone(contexts[0].new_page(), live_server, code, "Ana")
    bruno = TablePhone(contexts[1].new_page(), live_server, code, "Bruno")
    phones = {"Ana": ana, "Bruno": bruno}
    moves = 0
    while True:
        state = api(live_server, f"/api/v1/games/{code}")
        if state["age"] != 1 or state["waiting_for"] not in ("turn", "reveal"):
            break
        if state["to_move"] == "chance":
            actor, watcher = ana, bruno                 # anyone may enter a card turned over
        else:
            actor = phones[state["to_move"]]
            watcher = bruno if actor is ana else ana
        actor.shows(state["version"])
        if state["to_move"] == "chance":
            actor.enter_reveal()
        else:
            actor.discard_first_open_card()
            moves += 1
        version = actor.moved_past(state["version"])
        assert version == state["version"] + 1          # one tap, one action
        watcher.shows(version)                          # the other phone, by polling, within 2 s
        if moves == 4:
            shoot(bruno.page, "live-table-bruno")
    final = api(live_server, f"/api/v1/games/{code}")
    assert moves == 20                                  # every card of Age I went
    assert final["waiting_for"] == "starter" or final["age"] == 2
    # Discarding pays 2 coins (no yellow cards): 7 + 10 x 2 each.
    assert [p["coins"] for p in final["players"]] == [27, 27]
    for context in contexts:
        context.close()
