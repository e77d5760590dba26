"""Issue 29: a table page learns of changes from its stream alone, never on a timer.

A phone left on the table page costs the server nothing while nothing happens:
no element polls ("every 3s" was most of the server's work at 200 tables), no
script asks on a timer. And nothing is missed without the poll: moves made in
quick succession reach every phone, each ending on the last version.
"""
import threading

from playwright.sync_api import expect

from .test_live_table import KEYS, api
from .test_table_journeys import SAY, SEVEN, choose, join_as, phone

# Counts every request a page sends (XMLHttpRequest, fetch), and those sent from inside a timer's
# callback (setTimeout of 100 ms or more, or any setInterval): htmx's "every" polls and its
# "delay"/"throttle" are timers; a stream's event and a tap are not. Installed before the page's scripts.
RECORD_TIMERS = """
(() => {
  const record = window.__requests = {all: [], timed: []};
  let inTimer = 0;
  const wrap = (original, always) => function (callback, delay, ...rest) {
    if (typeof callback !== 'function' || !(always || Number(delay) >= 100)) return original.call(this, callback, delay, ...rest);
    return original.call(this, function (...args) {
      inTimer += 1;
      try { return callback.apply(this, args); } finally { inTimer -= 1; }
    }, delay, ...rest);
  };
  window.setTimeout = wrap(window.setTimeout, false);
  window.setInterval = wrap(window.setInterval, true);
  const note = (url) => { record.all.push(String(url)); if (inTimer) record.timed.push(String(url)); };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) { this.__url = url; return open.call(this, method, url, ...rest); };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) { note(this.__url); return send.apply(this, args); };
  const fetch = window.fetch;
  window.fetch = function (input, ...rest) { note(input && input.url || input); return fetch.call(this, input, ...rest); };
})();
"""


def seated(browser, base, code, name):
    context, page = phone(browser, "en")
    page.clock.install()                      # the page's timers, run forward below without waiting
    page.add_init_script(RECORD_TIMERS)
    join_as(page, base, code, name, SAY["en"])
    expect(page.locator("[data-live]")).to_have_attribute("data-live", "open")
    page.wait_for_function("() => window.htmx && !document.querySelector('.htmx-request')")
    return context, page


def new_table(base) -> str:
    made = api(base, "/api/v1/games", SEVEN)
    KEYS[made["code"]] = made["token"]
    return made["code"]


def test_the_table_page_asks_nothing_on_a_timer_while_its_stream_is_open(live_server, browser):
    code = new_table(live_server)
    context, ana = seated(browser, live_server, code, "Ana")
    assert ana.locator("[hx-trigger*='every'], [hx-trigger*='load delay']").count() == 0
    sent = ana.evaluate("window.__requests.all.length")
    ana.clock.run_for("02:00")                # two minutes of the page's timers, at once
    requests = ana.evaluate("window.__requests")
    assert requests["timed"] == [] and requests["all"][sent:] == []
    expect(ana.locator("[data-live]")).to_have_attribute("data-live", "open")
    # A change still arrives: the stream carries the new board itself, no request, no timer.
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "Altar"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    requests = ana.evaluate("window.__requests")
    assert requests["timed"] == [] and [u for u in requests["all"][sent:] if "/board" in u] == []
    context.close()


# Age I cards a 3-player game holds one of each: sold in turn, three a turn.
SOLD = ["Altar", "Theater", "Baths", "Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom", "Press"]


def test_three_phones_end_on_the_last_of_moves_made_in_quick_succession(live_server, browser):
    """Nine moves posted back to back (another phone's, through the API) while each board is busy
    asking for the one before: every phone ends on the last version, told by its stream alone."""
    code = new_table(live_server)
    seats = [seated(browser, live_server, code, name) for name in ("Ana", "Bruno", "Chloé")]
    names = [p["name"] for p in SEVEN["players"]]

    def moves():
        for i, card in enumerate(SOLD):
            api(live_server, f"/api/v1/games/{code}/actions", {"player": names[i % 3], "action": "sell", "card": card})
    mover = threading.Thread(target=moves)
    mover.start()
    mover.join(120)
    last = api(live_server, f"/api/v1/games/{code}")["version"]
    assert last == 1 + len(SOLD)
    for context, page in seats:
        expect(page.locator("#board")).to_have_attribute("data-version", str(last))
        expect(page.locator("[data-status]")).to_contain_text("Age 1, turn 4.")
        assert page.evaluate("window.__requests.timed") == []
        kept = page.evaluate("window.noReload === true")
        assert kept, "the board caught up by reloading the page"
    for context, _page in seats:
        context.close()


def test_a_change_the_board_already_shows_asks_nothing(live_server, browser):
    """The stream says "changed" for this phone's own move too (and once on connecting): the board
    shows that version already, so no request is sent (each was a 204 the server had to answer:
    a sixth of its requests at 200 tables). The next move by another phone comes on the stream,
    its board with it: nothing asked either."""
    code = new_table(live_server)
    context, ana = seated(browser, live_server, code, "Ana")
    choose(ana, "sell", "altar").click()
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    sent = ana.evaluate("window.__requests.all.length")
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "Theater"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "3")
    # The stream told "changed 2" before "changed 3": by now it was heard, and asked nothing.
    boards = [u for u in ana.evaluate("window.__requests.all") if "/board?v=" in u]
    assert boards == [], boards
    assert ana.evaluate("window.__requests.all")[sent:] == []
    context.close()


def test_the_pushed_board_is_the_phones_own_and_a_pick_under_way_is_kept(live_server, browser):
    """The stream carries each new board rendered for its phone (issue 29): Ana's seat, her token (her
    move from the pushed board posts). A board with a price asked is not replaced by the pushed one
    (her choice would go): it asks for the new version with her picks, once."""
    code = new_table(live_server)
    context, ana = seated(browser, live_server, code, "Ana")
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "Altar"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    assert [u for u in ana.evaluate("window.__requests.all") if "/board?v=" in u] == []
    expect(ana.locator("section.act7[data-act-for='Ana']")).to_be_visible()
    choose(ana, "sell", "theater")                     # a price asked: a pick under way
    sent = ana.evaluate("window.__requests.all.length")
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Chloé", "action": "sell", "card": "Baths"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "3")
    form = ana.locator("section.act7 form.filters")
    expect(form.locator("select[name=card]")).to_have_value("theater")          # her pick kept
    asked = [u for u in ana.evaluate("window.__requests.all")[sent:] if "/board?v=" in u]
    assert len(asked) == 1 and "card=theater" in asked[0], asked
    ana.locator("section.act7 [data-quote] button").first.click()              # her token, her move
    expect(ana.locator("#board")).to_have_attribute("data-version", "4")
    context.close()
