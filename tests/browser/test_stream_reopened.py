"""Issue 29, a restart: a stream the server refused is opened again a second later, each time,
saying the version its board shows.

An error status (a worker refusing the stream, a proxy's 502 while gunicorn restarts) closes the
browser's EventSource for good, and htmx's SSE extension opens another after 0.5, 1, 2, 4, 8 s...
between its tries: after four refusals a phone came back 7.5 s after the first, seconds after its
server. The page's timers are run forward here (Playwright's clock), one second at a time, so the
test waits for what happens, never for a time.
"""
from urllib.parse import quote

from playwright.sync_api import expect

from .test_live_table import KEYS, api
from .test_stream_only import new_table
from .test_table_journeys import SAY, phone

REFUSALS = 4

# Every htmx:sseError the page heard (each refusal is one), counted before the page's scripts run.
COUNT_ERRORS = "window.__streamErrors = 0; document.addEventListener('htmx:sseError', () => { window.__streamErrors += 1; });"


def test_a_refused_stream_is_asked_again_a_second_after_each_refusal(live_server, browser):
    code = new_table(live_server)
    context, ana = phone(browser, "en")
    ana.clock.install()
    ana.add_init_script(COUNT_ERRORS)
    refused, armed, opened, boards = [], [], [], []

    def refuse(route):
        if armed and len(refused) < REFUSALS:
            refused.append(route.request.url)
            route.fulfill(status=503, body="busy")
        else:
            (opened if armed else []).append(route.request.url)
            route.continue_()

    def board(route):
        (boards if armed else []).append(route.request.url)
        route.continue_()
    ana.route("**/g/*/events*", refuse)
    ana.route("**/g/*/board*", board)
    ana.goto(f"{live_server}/g/{code}?t={KEYS[code]}")
    expect(ana.locator("[data-seat-ask] h2")).to_have_text(SAY["en"]["who"])
    ana.clock.pause_at(ana.evaluate("Date.now()") + 1_000)     # from here the page's timers run only when told
    armed.append(True)
    ana.locator(f"[data-seat-ask] a[href='?as={quote('Ana')}']").click()
    expect(ana.locator("#board")).to_have_attribute("data-seat", "Ana")
    expect(ana.locator("#board")).to_have_attribute("data-version", "1")
    # A move made while the phone's stream is refused: the stream brings it once open again.
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Bruno", "action": "sell", "card": "Altar"})
    for tried in range(1, REFUSALS + 1):
        ana.wait_for_function("n => window.__streamErrors >= n", arg=tried)
        assert len(refused) == tried
        expect(ana.locator("[data-live]")).to_have_attribute("data-live", "lost")
        ana.clock.run_for(1_000)          # a second of the page's timers: the stream is asked again
        ana.wait_for_function("n => window.__streamErrors > n || document.querySelector('[data-live]')"
                              ".dataset.live === 'open'", arg=tried)
    expect(ana.locator("[data-live]")).to_have_attribute("data-live", "open")
    assert len(refused) == REFUSALS
    ana.clock.resume()
    expect(ana.locator("#board")).to_have_attribute("data-version", "2")
    # A new EventSource sends no Last-Event-ID: the page says the version its board showed (?last=1),
    # so the stream brought the new board first and the board asked for nothing.
    assert len(opened) == 1 and opened[0].endswith("/events?last=1"), opened
    assert boards == []
    # Opened again, the stream pushes the next move's board as before.
    api(live_server, f"/api/v1/games/{code}/actions", {"player": "Chloé", "action": "sell", "card": "Theater"})
    expect(ana.locator("#board")).to_have_attribute("data-version", "3")
    context.close()
