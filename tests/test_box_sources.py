"""scripts/box_sources.py: the note's list per box and edition (issue 31), counted from card_db."""
import importlib.util
import json
import sys
from types import SimpleNamespace
from pathlib import Path

from companion.catalog import Game, catalog

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "box_sources.py"
spec = importlib.util.spec_from_file_location("box_sources", SCRIPT)
box_sources = importlib.util.module_from_spec(spec)
sys.modules["box_sources"] = box_sources     # its dataclasses look their module up
spec.loader.exec_module(box_sources)


def piece(edition, name, kind):
    return next(t for t in catalog().box_entities(Game.SEVEN_WONDERS, edition) if t.name == name and t.piece == kind)


def test_every_box_piece_is_counted_once_in_its_group():
    found = box_sources.groups()
    for edition in (1, 2):
        things = catalog().box_entities(Game.SEVEN_WONDERS, edition)
        assert sum(g.cards for g in found if g.edition == edition) == len(things)
    assert {(g.box, g.edition) for g in found} >= {("leaders", 1), ("leaders", 2), ("cities", 1), ("cities", 2),
                                                   ("armada", 1), ("armada", 2), ("babel", 1), ("edifice", 1),
                                                   ("edifice", 2)}


def test_a_cards_standing_follows_its_sources_and_doubt():
    assert box_sources.standing(piece(1, "Cleopatra", "leader")) == box_sources.AGREED       # three sources
    assert box_sources.standing(piece(1, "Plato", "leader")) == box_sources.DOUBTED          # cost 4 or 3
    assert box_sources.standing(piece(1, "Aspasia", "leader")) == box_sources.ONE            # marked single_source
    assert box_sources.standing(piece(2, "Guardhouse", "city")) == box_sources.DOUBTED       # cost counts E's alone
    assert box_sources.standing(piece(2, "Raider Camp", "city")) == box_sources.AGREED       # B, E and F agree
    marked = SimpleNamespace(source="public: one; public: two", doubt="", notes="single_source")
    assert box_sources.standing(marked) == box_sources.ONE                                    # notes single_source
    assert box_sources.standing(piece(2, "Royal Archipelago", "island")) == box_sources.ONE  # NA-Fury only
    # a board's doubts are kept by side: Petra's costs and points have one 1st-edition source
    assert box_sources.standing(piece(1, "The Al-Khazneh of Petra", "wonder")) == box_sources.DOUBTED


def test_the_table_and_json_say_the_same(capsys):
    assert box_sources.main([]) == 0
    text = capsys.readouterr().out
    assert "| leaders | 2 | leader | 49 | 43 | 6 | 0 |" in text
    assert box_sources.main(["--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    leaders_2e = next(r for r in rows if (r["box"], r["edition"], r["piece"]) == ("leaders", 2, "leader"))
    assert (leaders_2e["cards"], leaders_2e["agreed"], leaders_2e["part doubted"], leaders_2e["one source"]) == (
        49, 43, 6, 0)
    assert {d["name"] for d in leaders_2e["doubts"]} >= {"Euclid", "Enheduania", "Hatshepsut", "Plato"}
