"""Every word in the reader's language: the main pages walked in French, the API and the CLI asked in French.

A refused move at a tracked table, the trade calculator's answer, the move log
and a ruling are read as a French player sees them; any English word of the
engine's sentences fails the test.
"""
import html as html_lib
import json
import re

import pytest

from companion import cli
from companion.catalog import catalog

from .conftest import csrf_of, open_table

# English words that are no French word ("coin" and "chose" are: a corner, a thing): one on a French page
# means a sentence was left in English.
ENGLISH = {"the", "is", "and", "you", "your", "not", "already", "have", "has", "with", "from", "nothing",
           "neighbour", "neighbours", "sells", "needs", "costs", "wonder", "stage", "player",
           "card", "cards", "build", "built", "turn", "this", "of", "to", "pay", "nobody", "discard", "token",
           "age", "city", "deck", "guild", "free", "chain", "waiting", "enter", "which", "one", "its", "at",
           "by", "cannot", "produce", "sold", "took", "passed", "who", "what", "when", "if", "does"}
PLAYERS = [{"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
           {"name": "Carla", "wonder": "Babylon", "side": "A"}]


def visible_text(page: str) -> str:
    page = re.sub(r"(?s)<(script|style|template)\b.*?</\1>", " ", page)
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return html_lib.unescape(page)


def said(page: str) -> str:
    """The page's words as a reader sees them, spaces folded."""
    return " ".join(visible_text(page).split())


def english_names() -> set[str]:
    """Printed English names of cards, wonders and tokens that no French name prints or contains."""
    entities = catalog().all_entities()
    french = {name for e in entities for lang, name in e.all_names() if lang == "fr"}
    return {e.name for e in entities if not any(e.name in f for f in french)}


ENGLISH_NAMES = english_names()


def english_left(page: str) -> set[str]:
    text = " ".join(visible_text(page).split())
    words = {w for w in re.findall(r"\w+", text) if w.lower() in ENGLISH}
    return words | {n for n in ENGLISH_NAMES if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


@pytest.fixture
def french(client):
    client.get("/", query_string={"lang": "fr"})       # the language is remembered for the session
    return client


def test_a_refused_move_at_a_tracked_table_is_explained_in_french(french):
    code = open_table(french, {"game": "7wonders", "edition": 1, "players": PLAYERS})
    french.get(f"/g/{code}", query_string={"as": "all"})
    version = french.get(f"/api/v1/games/{code}").get_json()["version"]
    doc = {"player": "Ana", "action": "build", "card": "apothecary"}     # a textile nobody makes
    page = french.post(f"/g/{code}/act", data={"csrf_token": csrf_of(french), "version": version,
                                               "doc": json.dumps(doc)})
    assert page.status_code == 409
    text = page.get_data(as_text=True)
    assert "Officine demande 1 tissu ; vous n'en produisez pas et aucun voisin n'en vend" in said(text)
    assert not english_left(text), english_left(text)


def test_the_priced_form_of_a_tracked_table_says_why_not_in_french(french):
    code = open_table(french, {"game": "7wonders", "edition": 1, "players": PLAYERS})
    text = french.get(f"/g/{code}", query_string={"as": "Ana", "player": "Ana", "action": "build",
                                                  "card": "temple"}).get_data(as_text=True)
    assert "est une carte de l'âge II ; nous sommes à l'âge I." in said(text)
    assert not english_left(text), english_left(text)


def test_the_move_log_reads_in_french(french):
    code = open_table(french, {"game": "7wonders", "edition": 1, "players": PLAYERS})
    for name, card in (("Ana", "Altar"), ("Bruno", "Theater"), ("Carla", "Lumber Yard")):
        answer = french.post(f"/api/v1/games/{code}/actions", json={"player": name, "action": "sell", "card": card})
        assert answer.status_code == 200, answer.get_json()
    text = french.get(f"/g/{code}", query_string={"as": "all"}).get_data(as_text=True)
    assert "Ana a vendu Autel." in said(text)
    assert not english_left(text), english_left(text)


def test_the_trade_calculators_answer_is_french(french):
    text = french.get("/calc/trade", query_string={"card": "apothecary"}).get_data(as_text=True)
    assert "Cette construction demande 1 tissu ; vous n'en produisez pas et aucun voisin n'en vend" in said(text)
    assert not english_left(text), english_left(text)
    short = french.get("/calc/trade", query_string={"need-ore": "1", "need-coins": "1", "right-ore": "1",
                                                    "coins": "2"}).get_data(as_text=True)
    assert "Coûte 3 pièces et vous avez 2 pièces" in said(short)
    assert not english_left(short), english_left(short)


def test_a_ruling_reads_in_french(french):
    ruling = catalog().rulings[0]
    text = french.get(f"/cards/rulings/{ruling.id}").get_data(as_text=True)
    assert ruling.text("fr").question in html_lib.unescape(text)
    assert not english_left(text), english_left(text)


def test_the_api_answers_in_the_language_asked_and_in_english_by_default(app):
    body = {"game": "7wonders", "edition": 1, "player": {"wonder": "Giza", "coins": 5},
            "left": {"wonder": "Ephesus"}, "right": {"wonder": "Olympia", "cards": ["Ore Vein"]},
            "build": {"card": "Dispensary"}}
    phone = app.test_client()
    french = phone.post("/api/v1/trade", json=body, headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_json()
    assert french["reason"] == ("Dispensaire demande 2 minerais ; votre voisin de droite en vend 1, "
                                "personne ne vend la deuxième unité")
    assert french["reason_key"] == "sw.short.some" and french["reason_params"]["what"] == "dispensary"
    english = app.test_client().post("/api/v1/trade", json=body).get_json()
    assert english["reason"] == "Dispensary needs 2 ore; your right neighbour sells 1, nobody sells the second"
    assert {k: english[k] for k in english if k != "reason"} == {k: french[k] for k in french if k != "reason"}


def test_a_refused_move_over_the_api_is_french_with_its_key(app):
    phone = app.test_client()
    code = open_table(phone, {"game": "7wonders", "edition": 1, "players": PLAYERS})
    answer = phone.post(f"/api/v1/games/{code}/actions", json={"player": "Ana", "action": "build", "card": "Temple"},
                        headers={"Accept-Language": "fr"})
    assert answer.status_code == 409
    doc = answer.get_json()
    assert doc["error"] == "Temple est une carte de l'âge II ; nous sommes à l'âge I."
    assert doc["error_key"] == "swt.wrong_age" and doc["error_params"] == {"card": "temple", "age": "II", "now": "I"}


def test_the_cli_takes_lang(tmp_path, capsys):
    path = tmp_path / "trade.json"
    path.write_text(json.dumps({"game": "duel", "player": {"cards": ["Baths"], "coins": 0},
                                "opponent": {}, "build": {"card": "Baths"}}))
    assert cli.main(["trade", str(path), "--lang", "fr"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "Bains est déjà construite dans cette cité." and out["reason_key"] == "duelc.card_built"
    assert cli.main(["trade", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["reason"] == "Baths is already built in this city."


def test_a_duel_table_offers_its_moves_in_french(french):
    code = open_table(french, {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bruno"}]})
    for token in ("law", "economy", "urbanism", "theology"):
        shown = french.post(f"/api/v1/games/{code}/actions", json={"action": "show-progress", "token": token})
        assert shown.status_code == 200
    text = french.get(f"/g/{code}", query_string={"as": "all"}).get_data(as_text=True)
    assert "Loi" in said(text)
    assert not english_left(text), english_left(text)
    refused = french.post(f"/api/v1/games/{code}/actions", json={"action": "show-progress", "token": "law"})
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "Loi est déjà sur le plateau ou n'est pas un jeton Progrès."


def test_a_new_table_refused_says_why_in_french(french):
    page = french.post("/g/new", data={"csrf_token": csrf_of(french), "kind": "duel", "name": ["Ana", "ana"]})
    assert page.status_code == 422
    assert "Joueur 2 : les deux joueurs ont besoin de noms différents" in said(page.get_data(as_text=True))


def test_bad_input_over_the_api_is_french_with_its_key(app):
    phone = app.test_client()
    answer = phone.post("/api/v1/score", json={"game": "duel", "players": [{"cards": ["Lumber Yrd"]}, {}]},
                        headers={"Accept-Language": "fr"})
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "carte inconnue « Lumber Yrd » (vouliez-vous dire « Chantier » ?)",
                                 "where": "players[0].cards[0]", "error_key": "lookup.card.hint",
                                 "error_params": {"text": "Lumber Yrd", "hint": "lumber-yard"}}


# 73: the Duel's cards; its Romanian rulebook says "ghilde" (issue 27's terms), not "bresle".
@pytest.mark.parametrize("lang,words", [("en", "73 cards and guilds"), ("fr", "73 cartes et guildes"),
                                        ("ro", "73 de cărți și ghilde")])
def test_counts_take_each_languages_plural_form(client, lang, words):
    # Romanian puts "de" between 20 or more and the noun: gettext's third plural form.
    assert words in said(client.get("/", query_string={"lang": lang}).get_data(as_text=True))


# The main pages, each as a French reader opens it (the card lookup excepted: it shows every language's names).
MAIN_PAGES = ["/", "/calc/", "/calc/science?tablet=2&compass=1&gear=1&wildcards=1",
              "/calc/duel?card=baths&them-stone=1", "/calc/duel?card=the-pyramids&waive=1",
              "/calc/trade?card=dispensary&right-ore=1&coins=1", "/sheets/new", "/history/", "/g/new",
              "/g/new?kind=7wonders-2", "/group/", "/cards/rulings", "/scan/"]


@pytest.mark.parametrize("url", MAIN_PAGES)
def test_the_main_pages_hold_no_english_word_in_french(french, url):
    page = french.get(url)
    assert page.status_code == 200
    assert not english_left(page.get_data(as_text=True)), english_left(page.get_data(as_text=True))
