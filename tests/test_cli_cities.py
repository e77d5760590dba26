"""The command line for Cities (1st edition): the issue's "done when" listing, the search, a score."""
import json

from testkit.cli_run import run


def test_cards_list_gives_the_cities_box_black_cards_and_guilds(capsys):
    code, out, _ = run(capsys, "cards", "list", "--game", "7wonders", "--edition", "1", "--expansion", "cities",
                       "--json")
    assert code == 0
    cards = json.loads(out)
    assert len(cards) == 35 and all(c["expansion"] == "cities" and c["source"] for c in cards)
    assert sum(1 for c in cards if c["kind"] == "leader") == 5
    assert sum(1 for c in cards if c["kind"] == "city" and c["colour"] == "black") == 27
    assert {c["name"] for c in cards if c["colour"] == "purple"} == {
        "Counterfeiters Guild", "Guild of Shadows", "Mourners Guild"}


def test_search_finds_a_black_card(capsys):
    code, out, _ = run(capsys, "cards", "search", "Torture Chamber", "--game", "7wonders")
    assert code == 0 and out.splitlines()[0].startswith("Torture Chamber")


def test_score_counts_a_black_card_and_refuses_one_the_sources_disagree_on(capsys, tmp_path):
    doc = {"game": "7wonders", "edition": 1, "expansions": ["cities"], "players": [
        {"name": "Ana", "wonder": "Giza", "cards": ["Capitol", "Secret Society"], "debt": 2},
        {"name": "Bruno", "wonder": "Rhodes"}, {"name": "Chloé", "wonder": "Olympia"}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    ana = json.loads(out)["players"][0]
    assert ana["scores"]["cities"] == 8 + 2 and ana["scores"]["debt"] == -2
    doc["players"][0]["cards"].append("Sepulcher")
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "score", str(path))
    assert code == 2 and "players[0].cards[2]" in err
