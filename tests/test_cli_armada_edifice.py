"""The command line for Armada and Edifice: the issue's "done when" listing by edition, the search, a score."""
import json

from testkit.cli_run import run


def listed(capsys, edition, box):
    code, out, _ = run(capsys, "cards", "list", "--game", "7wonders", "--edition", str(edition), "--expansion", box,
                       "--json")
    assert code == 0
    things = json.loads(out)
    assert all(t["expansion"] == box and t["source"] for t in things)
    return things


def test_armada_lists_the_first_editions_naval_tokens_and_the_seconds_islands(capsys):
    tokens = listed(capsys, 1, "armada")
    assert {t["kind"] for t in tokens} == {"naval-token"}
    assert sorted((t["value"], t["copies"]) for t in tokens) == [(-3, 5), (-2, 5), (-1, 7), (1, 11), (3, 12), (5, 7),
                                                                 (7, 1)]
    islands = listed(capsys, 2, "armada")
    assert len(islands) == 27 and {t["kind"] for t in islands} == {"island"}
    assert [sum(1 for t in islands if t["level"] == n) for n in (1, 2, 3)] == [9, 9, 9]
    assert all(t["doubt"] for t in islands)                # one source names them


def test_edifice_lists_fifteen_edifices_five_an_age_in_either_edition(capsys):
    for edition in (1, 2):
        edifices = listed(capsys, edition, "edifice")
        assert len(edifices) == 15 and {t["kind"] for t in edifices} == {"edifice"}
        assert [sum(1 for t in edifices if t["level"] == n) for n in (1, 2, 3)] == [5, 5, 5]
        belvedere = next(t for t in edifices if t["name"] == "Belvedere")
        assert belvedere["cost"]["coins"] == 1 and belvedere["penalty"] == [{"kind": "discards_card",
                                                                               "colour": "brown"}]


def test_search_finds_an_island_and_an_edifice(capsys):
    code, out, _ = run(capsys, "cards", "search", "Royal Archipelago", "--game", "7wonders")
    assert code == 0 and out.splitlines()[0].startswith("Royal Archipelago")
    code, out, _ = run(capsys, "cards", "search", "amphitheater", "--game", "7wonders")
    assert code == 0 and out.splitlines()[0].startswith("Amphitheater")


def test_score_counts_armada_and_edifice_and_refuses_a_bad_token_with_exit_2(capsys, tmp_path):
    doc = {"game": "7wonders", "edition": 1, "expansions": ["armada", "edifice"], "players": [
        {"name": "Ana", "wonder": "Giza", "naval": [5, -1], "shipyard": 3, "edifices": ["Belvedere"], "stages": 2},
        {"name": "Bruno", "wonder": "Rhodes"}, {"name": "Chloé", "wonder": "Olympia"}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    scores = json.loads(out)["players"][0]["scores"]
    assert (scores["naval"], scores["islands"], scores["shipyard"], scores["edifice"]) == (4, 0, 3, 2)
    doc["players"][0]["naval"] = [4]
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "score", str(path))
    assert code == 2 and "players[0].naval[0]" in err
