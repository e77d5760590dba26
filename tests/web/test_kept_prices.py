"""Issue 29: a price asked is the engine's, rendered once a version, seat kind and choice.

The answer to a price (a seat's action form, priced) is kept by the board's
kind (seat, language, guest-ness), the game's version and the choice asked:
asked again it is a look-up, with this phone's own form token put in; at a new
version it is priced again. Checked against the rules' own quote for random
states of a game played through the API.
"""
import html as markup
import json
import random
import re
import urllib.parse

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.tracked import implementation
from companion.store import games as store
from companion.web import get_db, table_view

from .conftest import open_table
from .test_board_reuse import SEVEN, phone_at

HTMX = {"HX-Request": "true"}
RULES = implementation("7wonders")


def price(phone, code: str, **asked):
    return phone.get(f"/g/{code}/price", query_string=asked, headers=HTMX)


def docs(html: str) -> list[dict]:
    return [json.loads(markup.unescape(d)) for d in re.findall(r"name=\"doc\" value='([^']+)'", html)]


def tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" value="([^"]+)"', html))


def table(app, code: str) -> store.Table:
    with app.app_context():
        return store.load(get_db(), code)


def offered(quote: dict, doc: dict) -> list[dict]:
    """The move forms a quote stands for, as the rules price them (one per cheapest payment)."""
    out = []
    for option in quote["options"] or [quote["paid"]]:
        if option and ("left" in option or "right" in option):
            out.append({**doc, "pay": {"left": option.get("left", 0), "right": option.get("right", 0)}})
        else:
            out.append(doc)
    return out


def counting(monkeypatch, owner, name: str) -> list:
    real, calls = getattr(owner, name), []

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return calls


def play_randomly(client, app, code: str, rng: random.Random, steps: int) -> None:
    """Moves through the API: a random seat still to play, a random card of its pick the rules let it
    play, built (paid the first cheapest way) when they allow it, else sold."""
    for _ in range(steps):
        now = table(app, code)
        picks = [p for p in RULES.picks(now.state, now.names, "all") if p.cards]
        if not picks:
            return
        pick = rng.choice(picks)
        doc = None
        for card in rng.sample(pick.cards, len(pick.cards)):     # a card some city holds is refused
            for verb in ("build", "sell"):
                quote = RULES.quote(now.state, {"player": pick.player, "action": verb, "card": card}, now.names)
                if quote["legal"]:
                    doc = offered(quote, {"player": pick.player, "action": verb, "card": card})[0]
                    break
            if doc is not None:
                break
        assert doc is not None, "no card of the pick may be played"
        answer = client.post(f"/api/v1/games/{code}/actions", json=doc)
        assert answer.status_code in (200, 201), answer.get_data(as_text=True)


@settings(max_examples=12, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 14))
def test_a_price_shown_is_the_engines_for_random_states_and_asked_again_is_kept(app, client, monkeypatch, seed,
                                                                                 steps):
    rng = random.Random(seed)
    code = open_table(client, SEVEN)
    join = f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}"
    play_randomly(client, app, code, rng, steps)
    now = table(app, code)
    waiting = [p for p in RULES.picks(now.state, now.names, "all") if p.cards]
    if not waiting:
        return
    pick = rng.choice(waiting)
    asked = {"player": pick.player, "action": rng.choice([v for v in pick.verbs if v != "pass"]),
             "card": rng.choice(pick.cards)}
    phone = phone_at(app, join, pick.player)
    answer = price(phone, code, **asked)
    html = answer.get_data(as_text=True)
    # The choice in the address, as the page without JavaScript reads it (a reload keeps it).
    address = urllib.parse.urlsplit(answer.headers["HX-Replace-Url"])
    assert address.path == f"/g/{code}" and dict(urllib.parse.parse_qsl(address.query)) == asked
    doc = {k: asked[k] for k in ("player", "action", "card")}
    quote = RULES.quote(now.state, doc, now.names)
    if quote["legal"]:
        assert docs(html) == offered(quote, doc) and 'role="alert"' not in html
    else:                                         # the reason, and what the card may always do instead
        assert 'role="alert"' in html
        sale = {**doc, "action": "sell"}
        assert docs(html) in ([], offered(RULES.quote(now.state, sale, now.names), sale))
    assert set(re.findall(r'name="version" value="(\d+)"', html)) <= {str(now.version)}
    # Asked again: the same answer, neither priced nor rendered again.
    quotes = counting(monkeypatch, RULES, "quote")
    renders = counting(monkeypatch, table_view, "pick_context")
    again = price(phone, code, **asked)
    assert again.get_data(as_text=True) == html and again.headers["HX-Replace-Url"] == answer.headers["HX-Replace-Url"]
    assert quotes == [] and renders == []
    monkeypatch.undo()


def test_a_price_asked_again_at_a_new_version_is_priced_again(app, client, monkeypatch):
    code = open_table(client, SEVEN)
    ana = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    asked = {"player": "Ana", "action": "build", "card": "scriptorium"}
    first = price(ana, code, **asked).get_data(as_text=True)
    assert 'name="version" value="1"' in first
    client.post(f"/api/v1/games/{code}/actions", json={"player": "Bruno", "action": "sell", "card": "altar"})
    quotes = counting(monkeypatch, RULES, "quote")
    again = price(ana, code, **asked).get_data(as_text=True)
    assert 'name="version" value="2"' in again and 'name="version" value="1"' not in again
    assert len(quotes) == 1                       # priced again against the new state
    assert docs(again) == docs(first) == [{**asked, "pay": {"left": 0, "right": 2}}]


def test_a_kept_price_carries_each_phones_own_form_token(app, client):
    """Two phones of one seat asking the same price: one render, each its own token in its move forms
    (a form token is a phone's secret: never another phone's)."""
    code = open_table(client, SEVEN)
    join = f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}"
    one, two = phone_at(app, join, "Ana"), phone_at(app, join, "Ana")
    asked = {"player": "Ana", "action": "build", "card": "scriptorium"}
    first, second = (price(p, code, **asked).get_data(as_text=True) for p in (one, two))
    own = [re.search(r'"X-CSRF-Token": "([^"]+)"', p.get(f"/g/{code}").get_data(as_text=True)).group(1)
           for p in (one, two)]
    assert own[0] != own[1] and tokens(first) == {own[0]} and tokens(second) == {own[1]}
    assert first.replace(own[0], "T") == second.replace(own[1], "T")
    # Each phone's token plays its move; the other's is refused.
    doc = docs(second)[0]
    refused = two.post(f"/g/{code}/act", data={"csrf_token": own[0], "version": 1, "doc": json.dumps(doc)},
                       headers=HTMX)
    assert refused.status_code == 400
    played = two.post(f"/g/{code}/act", data={"csrf_token": own[1], "version": 1, "doc": json.dumps(doc)},
                      headers=HTMX)
    assert played.status_code == 200 and 'data-version="2"' in played.get_data(as_text=True)


def selected(html: str, name: str) -> list[str]:
    """The values marked selected in the form's <select name=...>."""
    options = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)" selected>', options)


def test_the_price_form_is_rendered_once_a_hand_and_shows_each_choice(app, client, monkeypatch):
    body = {**SEVEN, "players": [*SEVEN["players"][:2], {"name": "Zoë <&>", "wonder": "Ephesus", "side": "A"}]}
    code = open_table(client, body)
    renders = []
    real = app.jinja_env.globals["shared"]

    def shared(table, name, content=None, *, caller):
        counted = (lambda: renders.append(name) or caller()) if name.startswith("pick|") else caller
        return real(table, name, content, caller=counted)
    monkeypatch.setitem(app.jinja_env.globals, "shared", shared)
    zoe = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}",
                   urllib.parse.quote("Zoë <&>"))
    board = zoe.get(f"/g/{code}/board?v=0", headers=HTMX).get_data(as_text=True)
    assert '<option value="">Which card?</option>' in board
    assert selected(board, "action") == [] and selected(board, "card") == []
    assert 'name="player" value="Zoë &lt;&amp;&gt;"' in board and "pick-Zo%C3%AB%20%3C%26%3E-card" in board
    for card in ("altar", "scriptorium", "loom"):
        for verb in ("build", "stage", "sell"):
            html = price(zoe, code, player="Zoë <&>", action=verb, card=card).get_data(as_text=True)
            assert selected(html, "action") == [verb] and selected(html, "card") == [card]
            assert '<option value="">' not in html and 'name="free"' not in html
            assert 'name="player" value="Zoë &lt;&amp;&gt;"' in html and "&amp;lt;" not in html
    assert renders == ["pick|Zoë <&>"]        # the page's, then marked for the board and each of nine choices


def test_a_free_build_asked_is_ticked_in_the_kept_form():
    form = ('<select name="action"><option value="build">Build</option><option value="sell">Sell</option></select>'
            '<select name="card"><option value="">Which card?</option><option value="altar">Altar</option>'
            '<option value="build">A card named build</option></select>'
            '<label><input type="checkbox" name="free" value="1"> free build</label>')
    plain = {"action": None, "card": None, "doc": None}
    assert str(table_view.chosen_pick(form, plain)) == form
    chosen = str(table_view.chosen_pick(form, {"action": "build", "card": "altar", "doc": {"free": True}}))
    assert selected(chosen, "action") == ["build"] and selected(chosen, "card") == ["altar"]
    assert '<option value="">' not in chosen and 'value="1" checked>' in chosen
    assert 'checked' not in str(table_view.chosen_pick(form, {"action": "sell", "card": "build", "doc": {}}))
    assert selected(str(table_view.chosen_pick(form, {"action": "sell", "card": "build", "doc": {}})), "card") == ["build"]
