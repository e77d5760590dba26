"""The Free City (7 Wonders 1st edition, two players): a move refused for it comes with a priced move
it may take instead, as a seat's own refusal does (a build refused: the sale beside it).

The Free City may sell a card only when it can play none (seed:004_d662dfb47409e9d6.txt "Variante
«Avançada» para 2 Jogadores", Esclarecimento): its sale of a card it can play is refused, and so is
the sale offered beside a build too dear when a wonder stage can take the card. The player saw the
reason alone and asked again, move by move, for what the Free City could do.
"""
import html as markup
import json
import re

from .conftest import open_table
from .test_board_reuse import phone_at

FREE = {"game": "7wonders", "edition": 1, "players": [
    {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
    {"name": "Free City", "wonder": "Alexandria", "side": "A", "free_city": True}]}
HTMX = {"HX-Request": "true"}


def offered(html: str) -> list[dict]:
    return [json.loads(markup.unescape(d)) for d in re.findall(r"name=\"doc\" value='([^']+)'", html)]


def refusal(html: str) -> str:
    return re.search(r'<p class="error" role="alert">(.*?)</p>', html, re.S).group(1)


def free_city_phone(app, client, code):
    return phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Free City")


def test_a_sale_refused_to_the_free_city_comes_with_the_build_it_may_make(app, client):
    code = open_table(client, FREE)
    phone = free_city_phone(app, client, code)
    html = phone.get(f"/g/{code}/price", query_string={"player": "Free City", "action": "sell",
                                                       "card": "lumber-yard"}, headers=HTMX).get_data(as_text=True)
    assert "may sell a card only when it can play none" in refusal(html)
    assert offered(html) == [{"player": "Free City", "action": "build", "card": "lumber-yard", "pay": {"left": 0, "right": 0}}]
    assert re.search(r"data-move>Build Lumber Yard —\s*free</button>", html)
    # Tapped from the refusal: the build goes in.
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    answer = phone.post(f"/g/{code}/act", data={"csrf_token": token, "version": 1,
                                                 "doc": json.dumps(offered(html)[0])}, headers=HTMX)
    assert answer.status_code == 200 and 'data-version="2"' in answer.get_data(as_text=True)


def test_a_build_too_dear_for_the_free_city_comes_with_its_wonder_stage_priced(app, client):
    """Turn 2: the Guard Tower needs clay nobody sells; the Free City cannot sell it (its wonder's
    first stage can take it, 2 stone bought: 2 coins to Ana on its left, 1 to Bruno), so the stage is offered."""
    code = open_table(client, FREE)
    for move in ({"player": "Ana", "action": "build", "card": "loom"},
                 {"player": "Free City", "action": "build", "card": "east-trading-post"},
                 {"player": "Bruno", "action": "build", "card": "timber-yard"}):
        assert client.post(f"/api/v1/games/{code}/actions", json=move).status_code == 200
    phone = free_city_phone(app, client, code)
    asked = {"player": "Free City", "action": "build", "card": "guard-tower"}
    for html in (phone.get(f"/g/{code}/price", query_string=asked, headers=HTMX).get_data(as_text=True),
                 phone.get(f"/g/{code}", query_string=asked).get_data(as_text=True)):     # and without JavaScript
        assert "clay" in refusal(html)
        assert offered(html) == [{"player": "Free City", "action": "stage", "card": "guard-tower",
                                  "pay": {"left": 2, "right": 1}}]
        assert re.search(r"data-move>Build a wonder stage with Guard Tower —\s*3 coins", html)


def test_a_seats_refused_build_still_comes_with_its_sale(app, client):
    code = open_table(client, FREE)
    phone = phone_at(app, f"/g/{code}?t={client.environ_base['HTTP_AUTHORIZATION'].split()[1]}", "Ana")
    html = phone.get(f"/g/{code}/price", query_string={"player": "Ana", "action": "build", "card": "stockade"},
                     headers=HTMX).get_data(as_text=True)
    assert "wood" in refusal(html)
    assert offered(html) == [{"player": "Ana", "action": "sell", "card": "stockade"}]
