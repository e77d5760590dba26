"""The calculators: science, 7 Wonders trade, Duel trade, with bad input beside its field."""
import re

import pytest


def answer(client, url, **params):
    response = client.get(url, query_string=params)
    html = response.get_data(as_text=True)
    box = re.search(r'<section id="answer".*?</section>', html, re.S).group(0)
    return response.status_code, box


def test_calculator_index_links_all_three(client):
    html = client.get("/calc/").get_data(as_text=True)
    assert all(u in html for u in ("/calc/science", "/calc/trade", "/calc/duel"))


def test_science_21_and_a_wildcard_to_31(client):
    assert 'data-points>21<' in answer(client, "/calc/science", tablet=3, compass=2, gear=1)[1]
    status, box = answer(client, "/calc/science", tablet=3, compass=2, gear=1, wildcards=1)
    assert 'data-points>31<' in box and "#gear" in box


def test_science_bad_count(client):
    status, box = answer(client, "/calc/science", tablet="x")
    assert status == 422 and "A whole number from 0 to 20." in box


def test_trade_caravansery_from_the_left(client):
    status, box = answer(client, "/calc/trade", card="caravansery", **{"left-wood": 2})
    assert "data-total>4<" in box and "Pay 4 to your left neighbour and 0 to your right neighbour" in box


def test_trade_both_cheapest_splits_offered(client):
    status, box = answer(client, "/calc/trade", **{"need-wood": 1, "left-wood": 1, "right-wood": 1})
    assert box.count("data-split") == 2


def test_trade_discount_applies(client):
    status, box = answer(client, "/calc/trade", discount="west-trading-post", **{"need-ore": 1, "left-ore": 1})
    assert "data-total>1<" in box


def test_trade_nobody_sells(client):
    status, box = answer(client, "/calc/trade", **{"need-ore": 2, "right-ore": 1})
    assert "needs 2 ore; your right neighbour sells 1, nobody sells the second" in box


def test_trade_bad_count(client):
    status, box = answer(client, "/calc/trade", **{"left-ore": "lots"})
    assert status == 422


def test_duel_caravansery_costs_7(client):
    status, box = answer(client, "/calc/duel", card="caravansery", **{"them-glass": 1})
    assert "data-total>7<" in box


def test_duel_architecture_waives_two(client):
    assert "data-total>4<" in answer(client, "/calc/duel", card="the-pyramids", waive=1)[1]
    assert "data-total>8<" in answer(client, "/calc/duel", card="the-pyramids")[1]


@pytest.mark.parametrize("lang,says", [("en", "Tablet — "), ("fr", "Tablette — "), ("de", "Tafel — ")])
def test_a_refused_science_count_opens_its_sentence_with_a_capital(client, lang, says):
    """The science refusal began with the symbol's word as a name in a list has it: "tablette — Un nombre..."."""
    html = client.get(f"/calc/science?tablet=-2&lang={lang}").get_data(as_text=True)
    assert re.findall(r'<p class="error"[^>]*>([^<]*)</p>', html)[0].startswith(says)


def test_random_wonders_refuse_a_player_count_in_the_games_own_range(client):
    """A player walk in German: 99 players, or "abc", were "a whole number from 0 to 7" under the
    label "Players (2 to 7)"."""
    client.get("/", query_string={"lang": "de"})
    many = client.get("/calc/wonders?game=7wonders&players=99&deal=1", follow_redirects=True).get_data(as_text=True)
    assert "Dieses Spiel wird von 2 bis 7 Spielern gespielt, nicht 99." in many and "von 0 bis" not in many
    typed = client.get("/calc/wonders?game=7wonders&players=abc&deal=1").get_data(as_text=True)
    assert "Spieler: eine ganze Zahl von 2 bis 7." in typed and 'value="abc"' in typed
    assert "<strong>" not in many.split('id="answer"')[1] + typed.split('id="answer"')[1]


def test_a_label_and_what_it_names_follow_french_typography(client):
    """A player walk in French: "Vous produisez: bois" and a card's source "édition roumaine: “…”";
    French puts a space before a colon (every French sentence of the app does)."""
    client.get("/", query_string={"lang": "fr"})
    html = client.get("/calc/trade?card=&need-wood=1&me-wood=abc").get_data(as_text=True)
    assert "Vous produisez : bois" in html and "Vous produisez: " not in html
    source = client.get("/cards/7wonders/1/baths").get_data(as_text=True).replace("&#39;", "'")
    assert "édition portugaise : exemple du coût d'une carte" in source
    client.get("/", query_string={"lang": "en"})
    assert "You produce: wood" in client.get("/calc/trade?card=&need-wood=1&me-wood=abc").get_data(as_text=True)
