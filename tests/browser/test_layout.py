"""Every page at a phone's 390 px, in English and in French: nothing wider than the
screen, every control a player can see at least 44 x 44 CSS px (a link inside
a sentence excepted, as WCAG 2.5.8 does: its line is the target's height), and
no button whose words spill out of it."""
import json
import re
import urllib.request

import pytest

from .sheet_page import new_sheet

PHONE = {"width": 390, "height": 844}
MIN = 44

# Controls a player taps; a checkbox or radio is measured by the label that wraps it.
MEASURE = """() => {
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary');
  const small = [];
  for (const el of controls) {
    if (el.closest('[aria-hidden="true"]')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    let box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;                // not rendered (closed menu...)
    if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) {
      box = el.closest('label').getBoundingClientRect();
    }
    if (el.tagName === 'A') {
      const p = el.parentElement;
      const inSentence = p && p.tagName === 'P' && p.textContent.trim().length > el.textContent.trim().length + 2;
      if (inSentence) continue;
    }
    if ((el.tagName === 'BUTTON' || el.classList.contains('button')) && el.scrollWidth > el.clientWidth + 1) {
      small.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" text wider than its button`);
    }
    if (box.width < %(min)s - 0.5 || box.height < %(min)s - 0.5) {
      small.push(`${el.tagName.toLowerCase()}${el.name ? '[name=' + el.name + ']' : ''} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return {width: document.documentElement.scrollWidth, small};
}""" % {"min": MIN}


def api(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())




def every_page(page, base) -> list[str]:
    """The app's pages, each kind of sheet and table included."""
    seven = new_sheet(page, base, "7wonders", ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena", "Florin", "Gabriela"])
    second = new_sheet(page, base, "7wonders-2e", ["Ana", "Bogdan", "Chloé"])
    duel = new_sheet(page, base, "duel", ["Ana", "Bogdan"])
    architects = new_sheet(page, base, "architects", ["Ana", "Bogdan", "Chloé", "Dimitri", "Elena"])
    seafaring = new_sheet(page, base, "7wonders-2e&box=armada&box=edifice", ["Ana", "Bogdan", "Chloé"])
    babel = new_sheet(page, base, "7wonders&box=armada&box=babel", ["Ana", "Bogdan", "Chloé"])
    for filed in (seven, duel):      # history with games and statistics, not only "No games yet"
        page.goto(filed)
        token = page.locator("input[name=csrf_token]").first.input_value()
        assert page.request.post(filed + "/save", form={"csrf_token": token, "confirm": "1"}).ok
    duel_table = api(base, "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bogdan"}]})
    seven_table = api(base, "/api/v1/games", {"game": "7wonders", "edition": 1, "players": [
        {"name": n, "wonder": w, "side": "A"} for n, w in (("Ana", "gizah"), ("Bogdan", "rhodes"), ("Chloé", "ephesos"))]})
    return [
        "/", "/sheets/new", "/sheets/new?pad=duel",
        seven, seven + "?section=guilds", seven + "?section=coins", seven + "?section=wonders",
        second, second + "?section=science", duel, duel + "?section=outcome", seven + "/city/0", duel + "/city/1",
        "/history/", "/cards/", "/cards/?q=stone", "/cards/7wonders/1/baths", "/cards/duel/stone-pit",
        "/cards/rulings", "/calc/", "/calc/science", "/calc/trade", "/calc/duel",
        architects, architects + "?section=coins", architects + "/city/4", "/sheets/new?pad=architects",
        "/cards/architects/decor", "/cards/architects/medal-two-stages-cat", "/calc/wonders?game=architects&deal=1",
        seafaring, seafaring + "?section=naval", seafaring + "/city/0", babel + "?section=projects",
        babel + "/city/1", "/cards/7wonders/2/royal-archipelago", "/cards/7wonders/1/smelter",
        "/g/new", duel_table["join_url"], seven_table["join_url"],      # the join link: "who are you?"
        duel_table["url"] + "?as=Ana", seven_table["url"] + "?as=all",
        seven_table["url"] + "?as=Ana&player=Ana&action=build&card=scriptorium",
        "/scan/", "/group/", "/history/players", "/no-such-page",
        duel.replace("/sheets/", "/history/") + "/delete",                 # "Delete this game?"
        re.search(r'value="(https?://[^"]+/group/join/[\w-]+)"',          # the invitation, as another phone sees it
                  page.context.request.get(f"{base}/group/").text()).group(1),
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_fits_a_phone_and_every_control_is_big_enough(live_server, browser, lang):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server}/?lang={lang}")
    problems = {}
    for path in every_page(page, live_server):
        response = page.goto(path if path.startswith("http") else live_server + path)
        # Loaded, and no htmx request in flight (not "networkidle": it waits half a second of quiet on
        # every page).
        page.wait_for_load_state("load")
        page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
        if response.status != (404 if path == "/no-such-page" else 200):
            problems.setdefault(path, []).append(f"answered {response.status}")
        found = page.evaluate(MEASURE)
        if found["width"] > PHONE["width"]:
            problems.setdefault(path, []).append(f"page is {found['width']} px wide")
        if found["small"]:
            problems.setdefault(path, []).extend(found["small"])
    context.close()
    assert problems == {}
