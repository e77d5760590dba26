"""The Duel's `score` with Pantheon and Agora (contract "expansions"): the boxes' rows, by name."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from companion.engine.duel.contract import score
from companion.engine.errors import BadInput


def doc(first: dict, second: dict | None = None, boxes=("pantheon", "agora")) -> dict:
    return {"game": "duel", "expansions": list(boxes),
            "players": [{"name": "Ana", **first}, {"name": "Bo", **(second or {})}]}


def test_grand_temples_score_in_the_guilds_row_5_12_21():
    one = score(doc({"cards": ["Greek Grand Temple"]}))
    two = score(doc({"cards": ["Greek Grand Temple", "Roman Grand Temple"]}))
    assert one["players"][0]["scores"]["guilds"] == 5 and two["players"][0]["scores"]["guilds"] == 12


def test_the_divinities_row_counts_the_divinities_invoked():
    answer = score(doc({"divinities": ["Aphrodite", "Mars"]}))
    assert answer["players"][0]["scores"]["divinities"] == 9 and answer["players"][0]["total"] == 9


def test_mysticism_scores_two_a_pantheon_token_still_held():
    answer = score(doc({"progress": ["Mysticism"], "mythology_tokens": 2, "offering_tokens": 1}))
    without = score(doc({"progress": ["Mysticism"]}))
    assert answer["players"][0]["scores"]["progress"] - without["players"][0]["scores"]["progress"] == 2 * 3
    held_only = score(doc({"mythology_tokens": 2}))          # no Mysticism: the tokens score nothing
    assert held_only["players"][0]["scores"]["progress"] == 0


@pytest.mark.parametrize("city, where", [({"mythology_tokens": 11}, "players[0].mythology_tokens"),
                                         ({"offering_tokens": -1}, "players[0].offering_tokens"),
                                         ({"offering_tokens": "2"}, "players[0].offering_tokens")])
def test_pantheon_tokens_held_out_of_bounds_are_refused_saying_where(city, where):
    with pytest.raises(BadInput) as refused:
        score(doc(city))
    assert refused.value.where == where


def test_pantheon_tokens_held_need_the_pantheon():
    with pytest.raises(BadInput) as refused:
        score(doc({"mythology_tokens": 1}, boxes=("agora",)))
    assert refused.value.where == "players[0].mythology_tokens"


def test_a_sheet_asks_what_a_city_holds_only_with_pantheon_bounded_as_score_checks_it():
    """The Duel sheet's word on what a city may say it still holds (the city page asks it): the counts
    `score` takes, each up to the most it accepts, and nothing without Pantheon."""
    from companion.catalog import Game
    from companion.catalog.plays import play_for
    from companion.engine.duel.sheet import held_counts
    most = held_counts(play_for(Game.DUEL).with_boxes(["pantheon"]))
    assert sorted(most) == ["mythology_tokens", "offering_tokens"]
    for key, high in most.items():
        assert score(doc({"progress": ["Mysticism"], key: high}))["players"][0]["scores"]["progress"] == 2 * high
        with pytest.raises(BadInput):
            score(doc({key: high + 1}))
    assert held_counts(play_for(Game.DUEL).with_boxes(["agora"])) == {} == held_counts(play_for(Game.DUEL))


def test_the_senate_row_counts_each_chamber_controlled():
    answer = score(doc({"senate": [1, 3]}, {"senate": [4]}))
    assert answer["players"][0]["scores"]["senate"] == 1 + 3 and answer["players"][1]["scores"]["senate"] == 3


def test_all_six_chambers_win_by_political_supremacy():
    answer = score(doc({"senate": [1, 2, 3, 4, 5, 6]}, {"cards": ["Palace", "Pantheon", "Senate"]}))
    assert answer["victory"] == "political" and answer["winners"] == ["Ana"]


def test_a_game_without_the_boxes_keeps_the_base_rows():
    answer = score({"game": "duel", "players": [{"name": "A"}, {"name": "B"}]})
    assert "senate" not in answer["players"][0]["scores"] and "divinities" not in answer["players"][0]["scores"]


@pytest.mark.parametrize("bad, where", [
    (doc({"senate": [7]}), "players[0].senate[0]"),
    (doc({"senate": [2, 2]}), "players[0].senate[1]"),
    (doc({"senate": [2]}, {"senate": [2]}), "players[1].senate[0]"),
    (doc({"divinities": ["Baths"]}), "players[0].divinities[0]"),
    (doc({"senate": [1]}, boxes=("pantheon",)), "players[0].senate"),
    (doc({"divinities": ["Zeus"]}, boxes=("agora",)), "players[0].divinities"),
    ({**doc({}), "expansions": ["leaders"]}, "expansions[0]"),
    ({**doc({}), "expansions": "agora"}, "expansions"),
])
def test_bad_box_input_says_what_and_where(bad, where):
    with pytest.raises(BadInput) as refused:
        score(bad)
    assert refused.value.where == where


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8))
def test_any_shape_of_senate_or_divinities_is_scored_or_refused_with_a_reason(value):
    for key in ("senate", "divinities"):
        try:
            score(doc({key: value}))
        except BadInput as refused:
            assert refused.where.startswith("players[0]")
