"""The expansion boxes (card_db/boxes.toml, catalog/boxes.py) and a Play with boxes (Play.with_boxes)."""
import shutil

import pytest

from companion.catalog import CatalogError, Game, LookupFailed, catalog, default_card_db, load_catalog
from companion.catalog.boxes import TITLES
from companion.catalog.plays import PLAYS, BoxRefused, find_play, play, play_of_doc

FIRST, SECOND = play("7wonders"), play("7wonders-2e")


def keys(p):
    return [r.key for r in p.pad.rows]


def test_every_contract_box_is_known_with_a_title():
    assert set(catalog().boxes) == {"leaders", "cities", "armada", "babel", "edifice", "wonder-pack",
                                    "pantheon", "agora", "medals"}
    assert all(catalog().boxes[k].title == TITLES[k] for k in catalog().boxes)


def test_leaders_and_cities_add_their_rows_under_the_base_rows_leaders_first():
    both = FIRST.with_boxes(("cities", "leaders"))
    assert keys(both) == keys(FIRST) + ["leaders", "debt", "cities"]
    assert keys(SECOND.with_boxes(["leaders", "cities"])) == keys(SECOND) + ["leaders", "debt", "cities"]
    assert keys(FIRST.with_boxes(["cities"])) == keys(FIRST) + ["debt", "cities"]


def test_a_plays_boxes_name_it_in_one_order_so_the_store_keeps_them():
    both = SECOND.with_boxes(("cities", "leaders"))
    assert both.key == "7wonders-2e+leaders+cities" and both.expansions == ("leaders", "cities")
    assert both.base_key == "7wonders-2e" and both.pad.id == both.key
    assert play(both.key) == both and find_play(both.key) == both
    assert both.titles == ("7 Wonders (2nd edition)", "Leaders", "Cities")
    assert both.game is Game.SEVEN_WONDERS and both.edition == 2 and both.sides == SECOND.sides


def test_no_boxes_is_the_base_play_itself():
    assert FIRST.with_boxes(()) is FIRST
    assert FIRST.with_boxes(["leaders"]).with_boxes([]) is not FIRST      # boxes are added, never taken away
    assert FIRST.with_boxes(["leaders"]).with_boxes(["cities"]).expansions == ("leaders", "cities")


def test_cities_allows_eight_players():
    assert FIRST.with_boxes(["cities"]).players == (FIRST.players[0], 8)
    assert SECOND.with_boxes(["leaders", "cities"]).players == (SECOND.players[0], 8)
    assert FIRST.with_boxes(["leaders"]).players == FIRST.players


def test_the_box_rows_bound_what_a_real_game_allows():
    pad = FIRST.with_boxes(["leaders", "cities"]).pad
    assert (pad.row("debt").min, pad.row("debt").max) == (-47, 0)      # 27 tokens of -1 and 4 of -5
    assert pad.row("leaders").min == 0 and pad.row("cities").min == 0


@pytest.mark.parametrize("base,names,says", [
    (SECOND, ["babel"], 'the expansion "babel" is not a box of 7 Wonders, 2nd edition'),
    (FIRST, ["pantheon"], 'the expansion "pantheon" is not a box of 7 Wonders, 1st edition'),
    (play("duel"), ["leaders"], 'the expansion "leaders" is not a box of 7 Wonders Duel'),
    (FIRST, ["lieders"], 'unknown expansion "lieders"'),
    (FIRST, ["leaders", "leaders"], 'the expansion "leaders" is named twice'),
    (SECOND, ["wonder-pack"], 'the expansion "wonder-pack" is not a box of 7 Wonders, 2nd edition'),
    (FIRST, "leaders", "the expansions are a list of box names"),
    (FIRST, [3], "the expansions are a list of box names"),
])
def test_a_box_of_another_game_or_edition_is_refused_saying_which(base, names, says):
    with pytest.raises(BoxRefused) as info:
        base.with_boxes(names)
    assert str(info.value).startswith(says)


def test_a_stored_key_that_names_no_play_is_not_found():
    for key in ("7wonders+babel+", "7wonders-2e+babel", "7wonders+cities+leaders", "duel+leaders",
                "chess+leaders", "7wonders+leaders+leaders"):
        with pytest.raises(KeyError):
            play(key)
        assert find_play(key) is None


def test_the_contracts_document_names_the_boxes():
    doc = {"game": "7wonders", "edition": 2, "expansions": ["leaders", "cities"]}
    assert play_of_doc(doc).key == "7wonders-2e+leaders+cities"
    assert play_of_doc({"game": "7wonders", "expansions": []}) is FIRST
    with pytest.raises(ValueError, match="expansions must be a list"):
        play_of_doc({"game": "7wonders", "expansions": "leaders"})
    with pytest.raises(BoxRefused, match="babel"):
        play_of_doc({"game": "7wonders", "edition": 2, "expansions": ["babel"]})


def test_every_ready_box_is_offered_to_its_games_plays_only():
    for base in PLAYS:
        for box in base.box_choices():
            assert box.ready and box.fits(base.game, base.edition)
            assert base.with_boxes([box.key]).expansions == (box.key,)
    assert [b.key for b in FIRST.box_choices()] == ["leaders", "cities", "armada", "babel", "edifice",
                                                        "wonder-pack"]
    assert [b.key for b in SECOND.box_choices()] == ["leaders", "cities", "armada", "edifice"]


def test_rows_of_a_box_follow_an_earlier_box_row_when_both_anchor_under_the_same():
    from companion.catalog.boxes import BoxRow, ordered_rows
    base = FIRST.pad.rows
    a = catalog().boxes["leaders"]
    rows = ordered_rows(base, (a, a.__class__(**{**a.__dict__, "key": "x", "rows": (
        BoxRow("x", "X", "x", 0, 1, after="base"),)})), {})
    assert [r.key for r in rows][-2:] == ["leaders", "x"]


# -- the loader refuses a malformed box, naming the file and the box ---------

@pytest.fixture
def db(tmp_path):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    return root


def edit(root, old, new):
    path = root / "boxes.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("old,new,says", [
    ('key = "leaders"', 'key = "leeders"', 'box "leeders" has no title'),
    ('combines = ["leaders", "armada"', 'combines = ["armada"', 'combines with "cities" but not "cities" with it'),
    ('editions = [1]\ncombines = ["leaders", "cities", "armada", "wonder-pack"]',
     'editions = [3]\ncombines = ["leaders", "cities", "armada", "wonder-pack"]', "editions lists 1 and/or 2"),
    ('min = -47', 'min = 1', "min and max must be whole numbers with min <= max"),
    ('after = "debt"', 'after = "nowhere"', 'printed after "nowhere", which leads to no row'),
    ('key = "debt"', 'key = "military"', 'row "military" of box "cities" is already a row of a pad'),
    ('most_players = 8', 'most_players = 12', "most_players must be a whole number of players"),
    ('game = "duel"', 'game = "chess"', "is not a game of card_db"),
])
def test_a_malformed_box_is_refused_naming_it(db, old, new, says):
    edit(db, old, new)
    with pytest.raises(CatalogError) as info:
        load_catalog(db)
    assert str(info.value).startswith("boxes.toml") and says in str(info.value)


def test_a_box_with_a_doubt_lists_it_among_the_catalogs_doubts():
    assert any(d.startswith("boxes.toml cities:") for d in catalog().doubts)


# -- Leaders' data (card_db/seven_wonders/leaders_1e.toml) ---------------------

def test_the_first_editions_leaders_box_holds_its_36_leaders():
    leaders = [t for t in catalog().box_list(Game.SEVEN_WONDERS, 1, "leaders") if t.piece == "leader"]
    assert len(leaders) == 36
    assert all(t.expansion == "leaders" and t.colour.value == "white" and not t.cost.resources for t in leaders)
    assert all(t.source.startswith("public:") for t in leaders)


def test_leaders_stay_out_of_the_base_game_unless_the_box_is_named():
    cat = catalog()
    assert "cleopatra" not in {c.id for c in cat.card_list(Game.SEVEN_WONDERS, 1)}
    with pytest.raises(LookupFailed):
        cat.find(Game.SEVEN_WONDERS, 1, "Cleopatra", kinds=("card",))
    assert cat.find(Game.SEVEN_WONDERS, 1, "Cleopatra", kinds=("leader",), boxes=("leaders",)).id == "cleopatra"


def test_where_the_leaders_sources_disagree_the_data_says_so():
    plato = catalog().get(Game.SEVEN_WONDERS, 1, "plato")
    assert "4 coins (A and C, both of the 1st edition) or 3 (B, a 2nd-edition companion" in plato.doubt
    assert plato.cost.coins == 4
    croesus = catalog().get(Game.SEVEN_WONDERS, 1, "croesus")
    assert "6 (A, and B of the 2nd edition, where W says 6 too) or 5 (C)" in croesus.doubt
    assert croesus.effects[0].amount == 6
    euclid = catalog().get(Game.SEVEN_WONDERS, 1, "euclid")
    assert euclid.doubt is None and euclid.source.count("public:") == 3      # A, B and C agree (B: "science")
    assert any(d.startswith("seven_wonders/leaders_1e.toml") and "(plato)" in d for d in catalog().doubts)


def leaders_file(root, old, new):
    path = root / "seven_wonders" / "leaders_1e.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("old,new,says", [
    ('id = "cleopatra"\nname = "Cleopatra"\nkind = "leader"\ncolour = "white"',
     'id = "cleopatra"\nname = "Cleopatra"\nkind = "leader"\ncolour = "blue"', 'a leader is a white card'),
    ("cost = { coins = 4 }\neffects = [ { kind = \"points\", amount = 5 } ]",
     "cost = { coins = 4, resources = { wood = 1 } }\neffects = [ { kind = \"points\", amount = 5 } ]",
     "a leader costs coins only"),
    ('{ kind = "points_per_set", amount = 3, counts = ["blue", "red", "green"] }',
     '{ kind = "points_per_set", amount = 3 }', 'effect "points_per_set" needs [\'counts\']'),
    ('applies_to = "green"', 'applies_to = "purple"', "applies_to must be one of"),
])
def test_a_malformed_leader_is_refused_naming_it(db, old, new, says):
    leaders_file(db, old, new)
    with pytest.raises(CatalogError) as info:
        load_catalog(db)
    assert str(info.value).startswith("seven_wonders/leaders_1e.toml") and says in str(info.value)
