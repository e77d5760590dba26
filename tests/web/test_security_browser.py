"""The Content-Security-Policy in real Chromium: pages work, htmx runs from its CDN or the fallback.

The CDN is answered by Playwright with the vendored file (the same bytes, so the
page's integrity hash holds), or made unreachable to exercise the fallback;
either way the browser enforces the app's real CSP header, and any violation
is caught by a `securitypolicyviolation` listener and fails the test.
"""
from pathlib import Path

import pytest

from companion.web.security import HTMX_CDN, SSE_CDN

VENDOR = Path(__file__).resolve().parents[2] / "static" / "vendor"
VENDORED = {HTMX_CDN: VENDOR / "htmx-2.0.4.min.js", SSE_CDN: VENDOR / "htmx-ext-sse-2.2.4.min.js"}

WATCH = """() => {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation",
    (e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));
}"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(f"({WATCH})()")
    yield page
    context.close()


def serve_cdn(page, reachable: bool) -> list[str]:
    asked = []

    def answer(route):
        asked.append(route.request.url)
        if reachable:
            route.fulfill(status=200, body=VENDORED[route.request.url].read_bytes(),
                          content_type="application/javascript",
                          headers={"Access-Control-Allow-Origin": "*"})
        else:
            route.abort()
    page.route("https://unpkg.com/**", answer)
    return asked


def violations(page) -> list[str]:
    return page.evaluate("window.cspViolations")


@pytest.mark.parametrize("cdn", [True, False], ids=["cdn", "fallback"])
def test_htmx_runs_under_the_policy_and_a_sheet_edit_swaps_in_place(page, live_server, cdn):
    asked = serve_cdn(page, cdn)
    page.goto(f"{live_server}/sheets/new?pad=duel")
    assert asked == [HTMX_CDN, SSE_CDN]
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("typeof htmx.createEventSource") == "function"     # the SSE extension, either way
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    page.locator('input[name="name"]').nth(0).fill("Ana")
    page.locator('input[name="name"]').nth(1).fill("Bruno")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_url("**/sheets/*")
    cell = page.locator('input[name="v-0-civil"]')
    cell.fill("7")
    with page.expect_response(lambda r: r.request.method == "POST" and "/sheets/" in r.url):
        cell.press("Tab")                                    # reloaded only once the save has answered
    page.reload()
    assert page.locator('input[name="v-0-civil"]').input_value() == "7"      # saved through htmx and the CSRF header
    assert violations(page) == []


def test_the_printable_pad_keeps_its_page_size_and_print_button(page, live_server):
    serve_cdn(page, True)
    page.goto(f"{live_server}/scan/pad/duel")
    page.evaluate("window.print = () => { window.printed = true; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") is True
    # the nonce'd <style> was applied: its @page rule is in the CSSOM
    assert page.evaluate("""[...document.styleSheets].some(s => { try { return [...s.cssRules]
        .some(r => r.type === CSSRule.PAGE_RULE); } catch (e) { return false; } })""")
    assert violations(page) == []


def test_an_inline_script_is_refused(page, live_server):
    """The policy is really enforced: an injected inline script does not run."""
    serve_cdn(page, True)
    page.goto(f"{live_server}/")
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';
                             document.body.appendChild(s); }""")
    assert page.evaluate("window.ran") is None
    assert any(v.startswith("script-src") for v in violations(page))


def new_game(base) -> str:
    import json
    import urllib.request
    body = json.dumps({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]}).encode()
    request = urllib.request.Request(f"{base}/api/v1/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["join_url"]          # the QR code's link: it opens the table


def test_every_kind_of_page_runs_without_a_violation(page, live_server):
    serve_cdn(page, True)
    table = new_game(live_server)
    for path in ("/", "/cards/?q=baths", "/cards/rulings", "/history/", "/calc/", "/calc/trade", "/calc/duel",
                 "/g/new?kind=7wonders-1", "/g/join", "/scan/", table, "/sheets/new"):
        page.goto(live_server + path)
        assert page.evaluate("typeof window.htmx") == "object", path
        assert violations(page) == [], path
    # a boosted navigation swaps the next page in with htmx, still without a violation
    page.goto(live_server + "/")
    page.get_by_role("link", name="Cards").first.click()
    page.wait_for_url("**/cards/")
    assert violations(page) == []
