"""A Duel with Pantheon and Agora tracked on two phones (issue 32), in English and French.

The game is started through the API; every move is then made on a phone, as a player does: a chance
event (a decree or a token laid, a progress token or wonder shown, a divinity drawn, a card turned
over) entered on the phone that is offered it, a wonder drafted, a card of
the structure tapped then built or discarded, a senator recruited and its cubes placed, a divinity
invoked in Age II. Each phone is checked for what it shows: the Pantheon and the Senate, the moves of
its own seat only, a divinity face down in Age I, the cubes and the divinity invoked on the other
phone, the log's words in the reader's language, nothing wider than the screen, no raw code.
"""
import json
import re

import pytest
from playwright.sync_api import expect

from .test_live_table import KEYS, api, settled
from .test_table_journeys import join_as, kept_without_reload, phone

SAY = {
    "en": {"who": "Who are you?", "pantheon": "The Pantheon", "senate": "The Senate", "down": "Face down",
           "invoke": "Invoke", "invoked_line": " invoked ", "place_cube": "Place a cube", "invoked": "Divinities invoked:",
           "senators": "Senators:", "held": "Held by {name}"},
    "fr": {"who": "Qui êtes-vous ?", "pantheon": "Le Panthéon", "senate": "Le Sénat", "down": "Face cachée",
           "invoke": "Invoquer", "invoked_line": " a invoqué ", "place_cube": "Placer un cube", "invoked": "Divinités invoquées :",
           "senators": "Sénateurs :", "held": "Contrôlée par {name}"},
}


def set_up(base) -> str:
    made = api(base, "/api/v1/games", {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}],
                                       "expansions": ["pantheon", "agora"]})
    KEYS[made["code"]] = made["token"]
    return made["code"]


def docs_of(locator) -> list[dict]:
    return [json.loads(v) for v in locator.locator("input[name=doc]").evaluate_all("els => els.map(e => e.value)")]


def fits_the_screen(page) -> None:
    """Nothing wider than the phone; every control of the board at least 44 x 44 px."""
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > 390.5 && e.offsetParent)
        .map(e => e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 40))""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide[:6]
    small = page.evaluate("""() => [...document.querySelectorAll('#board button, #board a.button')]
        .filter(b => b.offsetParent && (b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44))
        .map(b => b.textContent.trim())""")
    assert small == []


def no_raw_code(page, state) -> None:
    """No id of the game (a senator, a decree, a divinity, a card) shown as it is stored."""
    text = page.locator("#board").inner_text()
    ids = {c for p in state["players"] for key in ("cards", "senators", "divinities") for c in p.get(key, [])}
    ids |= {d for ch in state["senate"]["chambers"] for d in ch["decrees"]}
    ids |= {sp["divinity"] for sp in state["pantheon"]["spaces"] if sp["divinity"]}
    assert not [i for i in ids if "-" in i and i in text]
    assert not re.search(r"\b(senate-place|lay-decree|lay-mythology|draw-divinity|keep-conspiracy|"
                         r"place_divinity|draw_conspiracy|lay_offering)\b", text)


def act(page, state, prefer) -> None:
    """One move on this phone: an offered move it prefers, a card entered, else a card tapped and
    built (a senator first) or discarded."""
    settled(page)
    offered = page.locator("#board > div.moves:not(#slot-moves)")
    others = offered.locator("form")
    listed = docs_of(offered)
    chosen = next((i for want in prefer for i, d in enumerate(listed) if want(d)), None)
    if chosen is not None or (listed and not page.locator("#reveal").count()):
        others.nth(chosen or 0).locator("button").click()
        return
    if page.locator("#reveal [data-reveal]").count():
        page.locator("#reveal [data-reveal]").first.click()
        return
    senator = page.locator("a.slot.open[data-card^='politician'], a.slot.open[data-card^='conspirator']")
    target = senator.first if senator.count() else page.locator("a.slot.open").first
    target.click()
    settled(page)
    moves = page.locator("#slot-moves")
    expect(moves.locator("button").first).to_be_visible()
    docs = docs_of(moves)
    pick = next((i for i, d in enumerate(docs) if d["action"] == "build" and senator.count()), None)
    if pick is None:
        pick = next(i for i, d in enumerate(docs) if d["action"] == "discard")
    moves.locator("form").nth(pick).locator("button").click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_duel_with_both_boxes_on_two_phones_through_age_two(live_server, browser, shoot, lang):
    say = SAY[lang]
    code = set_up(live_server)
    (c1, ana), (c2, bruno) = phone(browser, lang), phone(browser, lang)
    join_as(ana, live_server, code, "Ana", {"who": say["who"]})
    join_as(bruno, live_server, code, "Bruno", {"who": say["who"]})
    phones = {"Ana": ana, "Bruno": bruno}
    for page in phones.values():
        expect(page.locator("[data-pantheon] h2")).to_have_text(say["pantheon"])
        expect(page.locator("[data-senate] h2")).to_have_text(say["senate"])
    prefer = [lambda d: d["action"] == "divinity", lambda d: d["action"] == "senate-place"]
    seen_face_down = shot_senate = False
    for _ in range(400):
        state = api(live_server, f"/api/v1/games/{code}")
        invoked = [d for p in state["players"] for d in p["divinities"]]
        if state["age"] == 2 and invoked and any(p["senators"] for p in state["players"]):
            break
        assert not state["over"]
        for page in phones.values():
            expect(page.locator("#board")).to_have_attribute("data-version", str(state["version"]))
        if state["to_move"] == "chance":
            actor = next(p for p in (ana, bruno) if p.locator("[data-move], [data-reveal]").count())
        else:
            actor = phones[state["to_move"]]
            other = bruno if actor is ana else ana
            assert other.locator("[data-move]").count() == 0            # never another seat's moves
        if not seen_face_down and ana.locator(".god-space.down").count():
            expect(bruno.locator(".god-space.down").first).to_contain_text(say["down"])
            assert all(sp["divinity"] is None for sp in state["pantheon"]["spaces"])    # kept secret in Age I
            seen_face_down = True
        if state["waiting_for"] in ("senate", "conspirator") and not shot_senate:
            expect(actor.locator("#board > div.moves:not(#slot-moves)")).to_contain_text(say["place_cube"])
            shoot(actor, f"table-duel-boxes-senate-{lang}")
            fits_the_screen(actor)
            shot_senate = True
        act(actor, state, prefer)
        expect(actor.locator("#board")).not_to_have_attribute("data-version", str(state["version"]))
    else:
        raise AssertionError("Age II with a divinity invoked and a senator recruited was not reached")
    assert seen_face_down and shot_senate
    final = api(live_server, f"/api/v1/games/{code}")
    invoker = next(p for p in final["players"] if p["divinities"])
    recruiter = next(p for p in final["players"] if p["senators"])
    cubes = sum(n for ch in final["senate"]["chambers"] for n in ch["cubes"].values())
    assert cubes > 0 and cubes == sum(12 - p["cubes_left"] for p in final["players"])
    for page in phones.values():
        expect(page.locator("#board")).to_have_attribute("data-version", str(final["version"]))
        city = page.locator(f"section.city[data-player='{invoker['name']}']")
        expect(city.locator("[data-divinities]")).to_contain_text(say["invoked"])
        expect(page.locator(f"section.city[data-player='{recruiter['name']}'] [data-senators]")).to_contain_text(
            say["senators"])
        held = [ch for ch in final["senate"]["chambers"] if ch["controlled_by"]]
        if held:
            expect(page.locator(f"[data-chamber='{held[0]['chamber']}']")).to_contain_text(
                say["held"].format(name=held[0]["controlled_by"]))
        expect(page.locator("details.log")).to_contain_text(say["invoked_line"])     # said in the past tense
        fits_the_screen(page)
        no_raw_code(page, final)
    shoot(ana, f"table-duel-boxes-age2-{lang}")
    kept_without_reload(ana)
    kept_without_reload(bruno)
    for context in (c1, c2):
        context.close()
