"""Issue 29, point 2: a price asked costs its seat's form, not a whole board.

A phone's action form asks for a price at each choice (htmx): the answer is
that form's section alone, priced, and the rules are asked for a seat's picks
and moves once a version, whatever the boards and prices asked of it. Without
JavaScript the same choice is the table page's own form (a GET of the page).
"""
import html as markup
import json
import re

from companion.engine.tracked import implementation

from .conftest import open_table
from .test_board_reuse import SEVEN, board, phone_at

HTMX = {"HX-Request": "true"}


def price(phone, code: str, **asked):
    return phone.get(f"/g/{code}/price", query_string=asked, headers=HTMX)


def counted(monkeypatch, what: str) -> list:
    """Each call to the 7 Wonders rules' `what` (picks, legal_moves), with the seat it was for."""
    rules = implementation("7wonders")
    real = getattr(rules, what)
    calls = []

    def counting(state, names, seat):
        calls.append(seat)
        return real(state, names, seat)
    monkeypatch.setattr(rules, what, counting)
    return calls


def test_a_price_answers_the_seats_section_alone_priced(app, client):
    code = open_table(client, SEVEN)
    ana = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    answer = price(ana, code, player="Ana", action="build", card="scriptorium")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="board"' not in html and "class=\"cities\"" not in html
    assert html.lstrip().startswith('<section class="tile act7" data-act-for="Ana">')
    # Priced as the board priced it: the Scriptorium's papyrus from Chloé, 2 coins to the right.
    docs = re.findall(r"name=\"doc\" value='([^']+)'", html)
    assert [json.loads(markup.unescape(d))["pay"] for d in docs] == [{"left": 0, "right": 2}]
    assert re.search(r'<option value="scriptorium" selected>', html)          # the choice stays chosen
    refused = price(ana, code, player="Ana", action="build", card="stockade").get_data(as_text=True)
    assert 'role="alert"' in refused and "wood" in refused


def test_a_card_refused_comes_with_its_sale_priced(app, client):
    """The Stockade cannot be built (no wood): the reason, and the one move it may always make, sold
    for 3 coins, ready to tap (a player asked the price again for it); nothing offered for a sale."""
    code = open_table(client, SEVEN)
    ana = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    refused = price(ana, code, player="Ana", action="build", card="stockade").get_data(as_text=True)
    assert "wood" in re.search(r'<p class="error" role="alert">(.*?)</p>', refused, re.S).group(1)
    docs = [json.loads(markup.unescape(d)) for d in re.findall(r"name=\"doc\" value='([^']+)'", refused)]
    assert docs == [{"player": "Ana", "action": "sell", "card": "stockade"}]
    assert re.search(r"data-move>Sell Stockade —\s*\+3 coins</button>", refused)
    built = price(ana, code, player="Ana", action="build", card="altar").get_data(as_text=True)
    assert [json.loads(markup.unescape(d))["action"] for d in re.findall(r"name=\"doc\" value='([^']+)'", built)] == ["build"]
    # Played from the refusal: the sale goes in.
    doc = json.loads(markup.unescape(re.search(r"name=\"doc\" value='([^']+)'", refused).group(1)))
    token = re.search(r'name="csrf_token" value="([^"]+)"', refused).group(1)
    answer = ana.post(f"/g/{code}/act", data={"csrf_token": token, "version": 1, "doc": json.dumps(doc)},
                      headers={"HX-Request": "true"})
    assert answer.status_code == 200 and 'data-version="2"' in answer.get_data(as_text=True)


def test_a_price_for_a_seat_this_phone_no_longer_picks_for_brings_the_board(app, client):
    code = open_table(client, SEVEN)
    ana = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    client.post(f"/api/v1/games/{code}/actions", json={"player": "Ana", "action": "sell", "card": "altar"})
    answer = price(ana, code, player="Ana", action="build", card="scriptorium")     # her card is in
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#board"
    html = answer.get_data(as_text=True)
    assert 'id="board"' in html and 'data-version="2"' in html and 'data-act-for="Ana"' not in html
    other = price(ana, code, player="Bruno", action="sell", card="altar")           # not her seat
    assert other.headers["HX-Retarget"] == "#board"


def test_without_javascript_a_price_is_the_table_page_with_the_choice(app, client):
    code = open_table(client, SEVEN)
    answer = client.get(f"/g/{code}/price", query_string={"player": "Ana", "action": "build", "card": "altar"})
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/g/{code}?player=Ana&action=build&card=altar"
    page = client.get(answer.headers["Location"] + "&as=Ana").get_data(as_text=True)
    assert 'data-quote' in page and 'name="doc"' in page


def test_the_rules_are_asked_once_a_version_and_seat(app, client, monkeypatch):
    code = open_table(client, SEVEN)
    join = f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}"
    picks, moves = counted(monkeypatch, "picks"), counted(monkeypatch, "legal_moves")
    ana, bruno = phone_at(app, join, "Ana"), phone_at(app, join, "Bruno")     # each page asks once
    for _ in range(2):
        board(ana, code)
        board(bruno, code)
    for card in ("altar", "baths", "scriptorium"):
        assert price(ana, code, player="Ana", action="build", card=card).status_code == 200
    assert sorted(picks) == ["Ana", "Bruno"] and sorted(moves) == ["Ana", "Bruno"]
    client.post(f"/api/v1/games/{code}/actions", json={"player": "Bruno", "action": "sell", "card": "altar"})
    board(ana, code)
    price(ana, code, player="Ana", action="sell", card="baths")
    assert sorted(picks) == ["Ana", "Ana", "Bruno"]               # a new version: asked again, once


def test_a_priced_move_is_one_sentence_in_the_readers_language(app, client):
    """German buttons read 'Bauen Erzbergwerk' (the verb, then the card's name, side by side) where the
    Duel's read 'Holzplatz bauen': each move is one translated sentence, the card where the language
    puts it."""
    code = open_table(client, SEVEN)
    ana = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    ana.get(f"/g/{code}?lang=de")
    sold = price(ana, code, player="Ana", action="build", card="stockade").get_data(as_text=True)
    built = price(ana, code, player="Ana", action="build", card="altar").get_data(as_text=True)
    moves = [re.sub(r"\s+", " ", m).strip() for m in re.findall(r"data-move>(.*?)—", sold + built, re.S)]
    assert len(moves) == 2 and moves[0].endswith(" verkaufen") and moves[1].endswith(" bauen"), moves
    assert not any(m.startswith(("Verkaufen", "Bauen")) for m in moves), moves

