"""7 Wonders Architects' data (card_db/architects/): what the issue asks, checked on load."""
import shutil

import pytest

from companion.catalog import CatalogError, catalog
from companion.catalog.loader import load_catalog
from companion.catalog.loader.architects import read_architects
from companion.catalog.loader.files import CardDbFiles
from companion.catalog.model import Game
from companion.catalog.loader import default_card_db


def test_the_seven_wonders_each_in_five_stages():
    box = catalog().architects
    assert [w.name for w in box.wonders_of()] == ["Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus",
                                                  "Olympia", "Rhodes"]
    assert all(w.stages == 5 and w.power and w.source.startswith("public:") for w in box.wonders)
    assert box.facts.stages == 5


def test_fourteen_kinds_of_progress_token_and_two_culture():
    tokens = catalog().architects.tokens_of()
    assert len(tokens) == 14
    assert sum(t.copies for t in tokens) == 15
    assert {t.id for t in tokens if t.score} == {"decor", "politics", "strategy", "education", "culture"}


def test_the_medals_box_adds_two_wonders_two_tokens_and_twelve_medals():
    things = catalog().box_list(Game.ARCHITECTS, None, "medals")
    kinds = sorted(t.listed_kind for t in things)
    assert kinds.count("wonder") == 2 and kinds.count("medal") == 12 and kinds.count("progress") == 2
    assert {t.name for t in things if t.listed_kind == "wonder"} == {"Rome", "Ur"}
    assert {t.id for t in things if t.listed_kind == "progress"} == {"culture-medals", "domestication"}


def public_sources(entity):
    return [part.strip() for part in entity.source.split(";") if part.strip().startswith("public:")]


def test_medals_domesticated_cat_is_a_rule_token_from_two_sources_beside_the_publisher():
    token = catalog().architects.token("domestication")
    assert token.expansion == "medals" and token.effect == "rule" and token.does == "cat_always"
    assert token.score is None                                   # no source gives it points
    others = [s for s in public_sources(token) if "publisher" not in s]
    assert len(others) == 2 and "leludimag" in others[0] and "board-game.co.uk" in others[1]


def test_medals_third_culture_says_it_has_one_source_and_why_the_other_tokens_are_left_out():
    token = catalog().architects.token("culture-medals")
    assert "translation of meeplemountain" in token.doubt         # lelekan.com.ua does not count twice
    assert "keep your red cards after a battle" in token.doubt and "left out" in token.doubt


def test_medals_wonders_powers_twice_with_the_robbed_player_compensated():
    box = catalog().architects
    rome, ur = box.wonder("rome"), box.wonder("ur")
    assert rome.power.startswith("twice") and "that player takes the top card of the central deck" in rome.power
    assert ur.power.startswith("twice") and "cat pawn" in ur.power
    assert len(public_sources(rome)) == 4 and len(public_sources(ur)) == 3
    assert not rome.stage_points and "stage points" in rome.doubt       # still no source for them


@pytest.mark.parametrize("medal", ["medal-three-blue", "medal-three-green", "medal-three-red", "medal-three-stages"])
def test_medal_objectives_a_second_source_confirms_lose_the_one_source_doubt(medal):
    found = next(m for m in catalog().architects.medals if m.id == medal)
    assert len(public_sources(found)) == 2 and "one source" not in found.doubt


def test_medal_objectives_with_one_source_still_say_so():
    single = [m.id for m in catalog().architects.medals if "objective from one source" in (m.doubt or "")]
    assert single == ["medal-three-grey", "medal-four-colours", "medal-gold-cat-horn", "medal-two-progress",
                      "medal-progress-victory-cat", "medal-double-victory"]


def test_medals_wonders_found_by_their_german_names():
    assert catalog().find(Game.ARCHITECTS, None, "Kolosseum von Rom", kinds=("wonder",), boxes=("medals",)).id == "rome"
    assert catalog().find(Game.ARCHITECTS, None, "Zikkurat von Ur", kinds=("wonder",), boxes=("medals",)).id == "ur"


def test_the_counts_facts_have_their_numbers():
    facts = catalog().architects.facts
    assert (facts.blue_points, facts.cat_blue_points, facts.cat_pawn_points, facts.military_token_points,
            facts.medal_points, facts.medals_won_at_most) == (3, 2, 2, 3, 4, 4)
    assert facts.tie_break == "stages"


def test_each_wonder_deck_holds_25_cards_and_the_central_deck_60():
    facts = catalog().architects.facts
    assert facts.decks_known
    for name, _cards in facts.decks:
        deck = facts.deck(name)
        cards = sum(n for colour, n in deck.items() if colour != "blue_cat")
        assert cards == (60 if name == "central" else 25), name
    assert facts.deck("central") == {"yellow": 6, "grey": 20, "green": 12, "blue": 12, "blue_cat": 8, "red": 10}


def test_conflict_tokens_set_out_for_each_player_count():
    facts = catalog().architects.facts
    assert facts.conflict_tokens_known
    assert dict(facts.conflict_tokens) == {2: 3, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6}


def test_unconfirmed_facts_are_doubts_not_numbers():
    box = catalog().architects
    # Stage points where public implementations agree (the base box's seven); none for Medals' two.
    assert all(len(w.stage_points) == 5 and len(w.stage_levels) == 5 for w in box.wonders_of())
    assert all(not w.stage_points for w in box.wonders if w.expansion == "medals")
    assert "MatthewDlr" in box.wonder("ephesus").doubt          # the implementation that disagrees
    assert any("architects/game.toml" in d and "horn" in d for d in catalog().doubts)   # the red cards' horns


def test_a_wonder_is_found_by_a_printed_name():
    found = catalog().find(Game.ARCHITECTS, None, "the colossus of rhodes", kinds=("wonder",))
    assert found.id == "rhodes"
    assert catalog().find(Game.ARCHITECTS, None, "Décor", kinds=("progress",)).id == "decor"


@pytest.mark.parametrize("file, old, new", [
    ("wonders.toml", 'power = "one more shield in your total"\n', ""),
    ("progress.toml", 'copies = 2', 'copies = 0'),
    ("progress.toml", 'score = { per = "flat", points = 4, complete = 6 }', 'score = { per = "flat" }'),
    ("game.toml", 'tie_break = "stages"', 'tie_break = "coins"'),
    ("medals.toml", 'objective = "have 3 blue cards"', 'objective = ""'),
    ("wonders.toml", 'stage_level = [1, 2, 2, 3, 4]', 'stage_level = [1, 3, 3, 4, 5]'),     # a level skipped
    ("wonders.toml", 'stage_level = [1, 1, 2, 3, 4]', 'stage_level = [1, 1, 2, 3]'),       # a stage without
    ("wonders.toml", 'stage_points = [4, 5, 6, 7, 8]', 'stage_points = [4, 5, 6, 7]'),
    ("game.toml", 'tokens = { 2 = 3, 3 = 3,', 'tokens = { 3 = 3,'),                        # 2 players missing
    ("game.toml", 'blue = 4, blue_cat = 2, red = 4 }', 'blue = 4, blue_cat = 5, red = 4 }'),  # more cats than blue
    ("game.toml", 'rhodes = { yellow = 2,', 'rhodes = { yellow = -2,'),
])
def test_malformed_data_is_refused_naming_the_file(tmp_path, file, old, new):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    path = root / "architects" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CatalogError) as refused:
        read_architects(CardDbFiles(root))
    assert file in str(refused.value)


def test_the_whole_card_db_still_loads():
    assert load_catalog().architects is not None


def test_the_rows_counting_pawns_tokens_and_medals_move_by_their_worth(cat):
    """The sheet's cat, military and medals rows step by what one pawn, token or medal is worth (1 cat point
    was kept, a total short); a step that disagrees with the count's facts, or with the row's bounds, is refused."""
    from companion.catalog.loader.architects import check_row_steps
    from companion.catalog.loader.pads import check_step
    from companion.catalog.model import PadRow
    facts = cat.architects.facts
    steps = {r.key: r.step for r in cat.pads["architects"].rows}
    assert (steps["cat"], steps["military"], cat.boxes["medals"].rows[0].step) == (
        facts.cat_pawn_points, facts.military_token_points, facts.medal_points)
    assert steps["wonder"] == steps["blue"] == steps["progress"] == 1
    with pytest.raises(CatalogError, match="step 1"):
        check_row_steps([PadRow("cat", "Cat", "catpawn", 0, 2)], facts)
    with pytest.raises(CatalogError, match="multiples"):
        check_step("pads/architects.toml", "row[1]", {"min": 0, "max": 2, "step": 4})
