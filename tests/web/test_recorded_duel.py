"""A whole game of 7 Wonders Duel, posted move by move through /api/v1/games as the phones at a table would.

Every expected number below was worked out by hand from the rules (seed 000: Comertul, Decartarea,
PUTEREA MILITARA, STIINTA SI PROGRESUL, SFARSITUL UNEI ERE, SFARSITUL JOCULUI; the symbol pages for
the yellow cards, the guilds, the wonders and the progress tokens) and the costs and effects in
card_db/duel/*.toml, never copied from the engine's output. After every post the test checks both
players' coins and the Conflict pawn, and before it who the engine waits for ("chance" for a card
turned over, a token shown or drawn).

Reminders used in the comments:
- a missing resource costs 2 + the opponent's brown/grey production of it (1 with a reserve card or
  the Customs House); yellow cards and wonders that produce "one of" never raise the price;
- discarding gives 2 + 1 per yellow card of one's city;
- the pawn is positive toward Bruno's capital (Ana pushes +, Bruno pushes -); entering the zone that
  starts 3 spaces from the centre loots 2 coins from the player on that side (never below 0), the
  zone at 6 loots 5; at the end the leader scores 2 (1-2 spaces), 5 (3-5) or 10 (6-8);
- Urbanism: +6 when taken, +4 for every building built by a chain; Strategy: +1 shield on red cards.

The game: Ana (first player) drafts The Temple of Artemis, The Great Library, Piraeus and The
Pyramids; Bruno The Appian Way, The Statue of Zeus, Circus Maximus and The Mausoleum. Ana builds
science pairs into Urbanism, Strategy and (on the very last card of the game) Mathematics, and takes
Agriculture with The Great Library; Bruno chains a blue city, destroys Ana's Brickyard with Zeus,
rebuilds the discarded Rostrum with The Mausoleum. The Great Library is the seventh wonder, so Circus
Maximus leaves the game. Civilian victory for Ana, 83 to 73.
"""
from .test_games import new_duel, post, state

ANA, BRUNO = "Ana", "Bruno"
FIELD = {"build": "card", "discard": "card", "destroy": "card", "rebuild": "card", "progress": "token",
         "library": "token", "draw": "token", "show-progress": "token", "show-wonder": "wonder",
         "pick": "wonder", "start": "starts"}


def move(player, verb, name, coins=None, pawn=None, **more):
    """One post; `coins` (Ana, Bruno) and `pawn` after it, None where unchanged."""
    doc = {"action": verb, FIELD[verb]: name, **more}
    if player:
        doc["player"] = player
    return doc, coins, pawn


def wonder(player, wonder_id, card, coins, pawn=None):
    return {"player": player, "action": "wonder", "wonder": wonder_id, "card": card}, coins, pawn


def reveal(*pairs):
    """Cards turned face up: (slot, card) pairs; nothing else changes."""
    return [({"action": "reveal", "slot": slot, "card": card}, None, None) for slot, card in pairs]


def chance(verb, *names):
    return [move(None, verb, n) for n in names]


SETUP = [
    *chance("show-progress", "urbanism", "economy", "strategy", "law", "mathematics"),
    *chance("show-wonder", "the-temple-of-artemis", "the-great-library", "the-appian-way", "the-statue-of-zeus"),
    move(ANA, "pick", "the-temple-of-artemis"),
    move(BRUNO, "pick", "the-appian-way"),
    move(BRUNO, "pick", "the-statue-of-zeus"),          # Ana is handed The Great Library
    *chance("show-wonder", "circus-maximus", "the-mausoleum", "piraeus", "the-pyramids"),
    move(BRUNO, "pick", "circus-maximus"),
    move(ANA, "pick", "piraeus"),
    move(ANA, "pick", "the-pyramids"),                  # Bruno is handed The Mausoleum
]

AGE_I = [
    *reveal((0, "palisade"), (1, "clay-pit"), (5, "baths"), (6, "theater"), (7, "stable"), (8, "workshop"),
            (14, "lumber-yard"), (15, "quarry"), (16, "clay-pool"), (17, "tavern"), (18, "guard-tower"),
            (19, "press")),
    move(ANA, "build", "lumber-yard", (7, 7)),
    move(BRUNO, "build", "quarry", (7, 7)),
    *reveal((9, "garrison")),
    move(ANA, "build", "tavern", (11, 7)),                                  # +4
    move(BRUNO, "build", "clay-pool", (11, 7)),
    *reveal((10, "stone-pit"), (11, "scriptorium")),
    move(ANA, "build", "scriptorium", (9, 7)),                              # 2 coins
    move(BRUNO, "build", "garrison", (9, 7), pawn=-1),                      # clay of his Clay Pool
    move(ANA, "build", "guard-tower", (9, 7), pawn=0),
    *reveal((12, "glassworks")),
    move(BRUNO, "build", "stone-pit", (9, 6)),                              # 1 coin
    move(ANA, "build", "press", (8, 6)),                                    # 1 coin
    *reveal((13, "wood-reserve")),
    move(BRUNO, "build", "baths", (8, 6)),                                  # his own stone
    move(ANA, "build", "glassworks", (7, 6)),                               # 1 coin
    move(BRUNO, "build", "theater", (7, 6)),
    *reveal((2, "altar")),
    # Temple of Artemis: wood, glass, papyrus her own; stone bought at 2 + Bruno's Quarry and Stone Pit
    # = 4. 7 - 4 + 12 = 15, and she plays again.
    wonder(ANA, "the-temple-of-artemis", "wood-reserve", (15, 6)),
    move(ANA, "build", "workshop", (15, 6)),                                # papyrus of her Press
    # Stable: wood bought at 2 + Ana's Lumber Yard = 3.
    move(BRUNO, "build", "stable", (15, 3), pawn=-1),
    *reveal((3, "pharmacist"), (4, "stone-reserve")),
    move(ANA, "build", "pharmacist", (13, 3)),                              # 2 coins
    move(BRUNO, "build", "altar", (13, 3)),
    move(ANA, "build", "stone-reserve", (10, 3)),                           # 3 coins
    move(BRUNO, "build", "palisade", (10, 1), pawn=-2),                     # 2 coins
    # The last card: 2 + her 2 yellow cards (Tavern, Stone Reserve) = 4.
    move(ANA, "discard", "clay-pit", (14, 1)),
    # The pawn is on Ana's side: the weaker Ana chooses who begins Age II.
    move(ANA, "start", ANA),
]

AGE_II = [
    *reveal((0, "aqueduct"), (1, "statue"), (2, "sawmill"), (3, "walls"), (4, "drying-room"), (5, "barracks"),
            (11, "customs-house"), (12, "school"), (13, "dispensary"), (14, "parade-ground"),
            (18, "library"), (19, "horse-breeders")),
    move(ANA, "build", "library", (14, 1)),                                 # free: chain from Scriptorium
    # Two quills: a progress token. Urbanism gives 6 at once (not 4 for the chain just played).
    move(ANA, "progress", "urbanism", (20, 1)),
    *reveal((15, "archery-range")),
    # Horse Breeders by the Stable chain; the pawn enters the zone at 3 on Ana's side: she loses 2.
    move(BRUNO, "build", "horse-breeders", (18, 1), pawn=-3),
    *reveal((16, "brewery"), (17, "shelf-quarry")),
    # Archery Range: wood and papyrus her own, stone at 1 (Stone Reserve). 2 shields, no Strategy yet.
    move(ANA, "build", "archery-range", (17, 1), pawn=-1),
    move(BRUNO, "build", "brewery", (17, 7)),                               # +6
    move(ANA, "build", "shelf-quarry", (15, 7)),                            # 2 coins
    move(BRUNO, "build", "customs-house", (15, 3)),                         # 4 coins
    *reveal((6, "temple")),
    # Piraeus (2 wood, stone, clay): one wood at 2 (Bruno has no wood), clay at 2 + his Clay Pool = 3.
    wonder(ANA, "piraeus", "school", (10, 3)),
    *reveal((7, "brickyard")),
    move(ANA, "build", "dispensary", (14, 3)),                              # chain from Pharmacist: Urbanism +4
    move(ANA, "progress", "strategy", (14, 3)),                             # two mortars
    *reveal((8, "tribunal")),
    # Appian Way (2 stone, 2 clay, papyrus): one clay at 2 (Ana has none), papyrus at 1 (Customs House):
    # 3 - 3 + 3 = 3, and Ana loses 3. He plays again.
    wonder(BRUNO, "the-appian-way", "parade-ground", (11, 3)),
    *reveal((9, "rostrum"), (10, "glass-blower")),
    move(BRUNO, "build", "temple", (11, 3)),                                # chain from Altar
    move(ANA, "build", "brickyard", (9, 3)),                                # 2 coins
    move(BRUNO, "build", "statue", (9, 3)),                                 # chain from Theater
    # Pyramids (3 stone, papyrus): Shelf Quarry gives 2, the third at 1 (Stone Reserve).
    wonder(ANA, "the-pyramids", "tribunal", (8, 3)),
    move(BRUNO, "discard", "rostrum", (8, 7)),                              # 2 + Brewery, Customs House
    move(ANA, "build", "glass-blower", (8, 7)),
    # Statue of Zeus (wood, stone, clay, 2 papyrus): wood at 2 + Ana's Lumber Yard = 3, papyrus 2 x 1.
    wonder(BRUNO, "the-statue-of-zeus", "sawmill", (8, 2), pawn=-2),
    move(BRUNO, "destroy", "brickyard", (8, 2)),
    move(ANA, "build", "walls", (8, 2), pawn=1),                            # 2 shields + 1 (Strategy)
    move(BRUNO, "build", "aqueduct", (8, 2)),                               # chain from Baths
    move(ANA, "build", "drying-room", (8, 2)),
    move(BRUNO, "build", "barracks", (8, 2), pawn=0),                       # chain from Garrison
    # The pawn is in the centre: Bruno, who played the last card, chooses.
    move(BRUNO, "start", BRUNO),
]

AGE_III = [
    *reveal((0, "port"), (1, "study"), (5, "obelisk"), (6, "tacticians-guild"), (7, "town-hall"),
            (8, "fortifications"), (11, "chamber-of-commerce"), (12, "senate"), (13, "circus"),
            (14, "pantheon"), (18, "arena"), (19, "lighthouse")),
    move(BRUNO, "build", "arena", (8, 6)),                                  # chain from Brewery; 2 x 2 wonders
    *reveal((15, "palace")),
    # Lighthouse by the Tavern chain: 1 per yellow card with itself (Tavern, Stone Reserve, Lighthouse)
    # = 3, and Urbanism 4.
    move(ANA, "build", "lighthouse", (15, 6)),
    *reveal((16, "siege-workshop"), (17, "armory")),
    # Mausoleum (2 clay, 2 glass, papyrus): one clay at 2 (Ana's Brickyard is gone), glass and papyrus
    # at 1 each (Customs House) = 5.
    wonder(BRUNO, "the-mausoleum", "palace", (15, 1)),
    move(BRUNO, "rebuild", "rostrum", (15, 1)),
    # Siege Workshop by the Archery Range chain (Urbanism 4); 2 shields + 1 (Strategy) enter the zone at
    # 3 on Bruno's side: the loot is 2 but he has 1, and loses only that.
    move(ANA, "build", "siege-workshop", (19, 0), pawn=3),
    move(BRUNO, "discard", "armory", (19, 5)),                              # 2 + 3 yellow cards
    # Chamber of Commerce: 3 per grey card (Press, Glassworks, Glass-Blower, Drying Room).
    move(ANA, "build", "chamber-of-commerce", (31, 5)),
    move(BRUNO, "build", "senate", (31, 5)),                                # chain from the rebuilt Rostrum
    *reveal((9, "magistrates-guild")),
    # The Great Library (3 wood, glass, papyrus): two wood at 2 each = 4. The seventh wonder.
    wonder(ANA, "the-great-library", "circus", (27, 5)),
    *chance("draw", "philosophy", "agriculture", "theology"),
    move(ANA, "library", "agriculture", (33, 5)),                           # +6
    move(BRUNO, "build", "pantheon", (33, 5)),                              # chain from Temple
    *reveal((10, "gardens")),
    # Magistrates Guild (2 wood, clay, papyrus): wood at 2, clay at 2 + Bruno's Clay Pool = 3: 5 coins,
    # then 1 per blue card of the city with most, Bruno's 9 (Baths, Theater, Altar, Temple, Statue,
    # Aqueduct, Rostrum, Senate, Pantheon): 33 - 5 + 9 = 37.
    move(ANA, "build", "magistrates-guild", (37, 5)),
    move(BRUNO, "build", "gardens", (37, 5)),                               # chain from Statue
    move(ANA, "build", "obelisk", (37, 5)),                                 # her own stone and glass
    # Tacticians Guild: papyrus at 1; then 1 per red card of the city with most: his 5 against her 4.
    move(BRUNO, "build", "tacticians-guild", (37, 9)),
    *reveal((2, "pretorium")),
    # Town Hall (2 wood, 3 stone): a wood at 2, a stone at 1 (Stone Reserve).
    move(ANA, "build", "town-hall", (34, 9)),
    *reveal((3, "builders-guild")),
    move(BRUNO, "build", "fortifications", (34, 9), pawn=1),                # chain from Palisade
    *reveal((4, "academy")),
    # Pretorium: 8 coins, 3 shields + 1 (Strategy): +5, short of the loot at 6.
    move(ANA, "build", "pretorium", (26, 9), pawn=5),
    # Builders Guild (wood, 2 stone, clay, glass): wood at 2 + Ana's Lumber Yard = 3, glass at 1.
    move(BRUNO, "build", "builders-guild", (26, 5)),
    move(ANA, "build", "academy", (26, 5)),                                 # all her own
    # Port: wood 3 + glass 1 + papyrus 1 = 5, then 2 per brown card (Quarry, Clay Pool, Stone Pit).
    move(BRUNO, "build", "port", (26, 6)),
    # The last card of the game: Study (wood at 2) makes a pair of sundials, and the token comes first.
    move(ANA, "build", "study", (24, 6)),
    move(ANA, "progress", "mathematics", (24, 6)),
]

# Progress tokens after each token move: (Ana's, Bruno's, still on the board).
TOKENS = {
    "urbanism": (["urbanism"], [], ["economy", "strategy", "law", "mathematics"]),
    "strategy": (["urbanism", "strategy"], [], ["economy", "law", "mathematics"]),
    "agriculture": (["urbanism", "strategy", "agriculture"], [], ["economy", "law", "mathematics"]),
    "mathematics": (["urbanism", "strategy", "agriculture", "mathematics"], [], ["economy", "law"]),
}

FINAL = {
    # civil: Obelisk 5 + Town Hall 7; science: Workshop 1, Library 2, Dispensary 2, Academy 3, Study 3;
    # commercial: Lighthouse 3 + Chamber of Commerce 3; guilds: Magistrates, 1 per blue card of Bruno's
    # city (10); wonders: Piraeus 2 + Pyramids 9 + Great Library 4 (Temple of Artemis has none);
    # progress: Agriculture 4 + Mathematics 3 x 4 tokens; treasury 24 // 3; military: pawn at 5.
    ANA: ({"civil": 12, "science": 11, "commercial": 6, "guilds": 10, "wonders": 15, "progress": 16,
           "treasury": 8, "military": 5}, 83),
    # civil: Baths 3, Theater 3, Altar 3, Temple 4, Statue 4, Aqueduct 5, Rostrum 4, Senate 5,
    # Pantheon 6, Gardens 6; commercial: Arena 3 + Port 3; guilds: Tacticians 6 (his 6 red cards against
    # her 5) + Builders 2 x 4 (Ana's four wonders); wonders: Appian Way 3 + Zeus 3 + Mausoleum 2;
    # treasury 6 // 3.
    BRUNO: ({"civil": 43, "science": 0, "commercial": 6, "guilds": 14, "wonders": 8, "progress": 0,
             "treasury": 2, "military": 0}, 73),
}


def play(client, code, steps, expected):
    """Post `steps`; `expected` holds the coins and pawn so far and is updated."""
    for doc, coins, pawn in steps:
        before = state(client, code)
        assert before["to_move"] == doc.get("player", "chance"), (doc, before["to_move"])
        answer = post(client, code, **doc)
        assert answer.status_code == 200, (doc, answer.get_json())
        expected["coins"] = list(coins) if coins else expected["coins"]
        expected["pawn"] = expected["pawn"] if pawn is None else pawn
        s = state(client, code)
        assert [p["coins"] for p in s["players"]] == expected["coins"], doc
        assert s["conflict"] == expected["pawn"], doc
        if doc["action"] in ("progress", "library"):
            ana, bruno, board = TOKENS[doc["token"]]
            assert [p["progress"] for p in s["players"]] == [ana, bruno], doc
            assert s["progress_available"] == board, doc


def test_a_whole_duel_worked_out_by_hand(client):
    code = new_duel(client)
    expected = {"coins": [7, 7], "pawn": 0}

    play(client, code, SETUP, expected)
    s = state(client, code)
    assert s["age"] == 1 and s["progress_available"] == ["urbanism", "economy", "strategy", "law", "mathematics"]
    assert sorted(s["players"][0]["wonders_to_build"]) == [
        "piraeus", "the-great-library", "the-pyramids", "the-temple-of-artemis"]
    assert sorted(s["players"][1]["wonders_to_build"]) == [
        "circus-maximus", "the-appian-way", "the-mausoleum", "the-statue-of-zeus"]

    play(client, code, AGE_I, expected)
    s = state(client, code)
    assert s["age"] == 2 and s["discard"] == ["clay-pit"]

    play(client, code, AGE_II, expected)
    s = state(client, code)
    assert s["age"] == 3 and s["discard"] == ["clay-pit", "rostrum", "brickyard"]
    assert "brickyard" not in s["players"][0]["cards"]

    pick = AGE_III.index(move(ANA, "library", "agriculture", (33, 5)))
    play(client, code, AGE_III[:pick + 1], expected)
    s = state(client, code)
    # Seven wonders built (The Great Library the seventh): the eighth, Circus Maximus, leaves the game.
    assert [len(p["wonders"]) for p in s["players"]] == [4, 3]
    assert [p["wonders_to_build"] for p in s["players"]] == [[], []]
    assert s["discard"] == ["clay-pit", "brickyard", "armory"] and "rostrum" in s["players"][1]["cards"]
    refused = post(client, code, player=BRUNO, action="wonder", wonder="circus-maximus", card="pantheon")
    assert refused.status_code == 409 and state(client, code)["version"] == s["version"]
    play(client, code, AGE_III[pick + 1:], expected)

    final = state(client, code)
    assert final["over"] and final["to_move"] is None
    assert final["conflict"] == 5
    for player in final["score"]["players"]:
        scores, total = FINAL[player["name"]]
        assert player["scores"] == scores, player["name"]
        assert player["total"] == total == sum(scores.values()), player["name"]
    assert final["score"]["victory"] == "civilian"
    assert final["score"]["winners"] == [ANA]


def finished_duel(client) -> str:
    """The recorded game played whole through the API; this phone then opened its join link."""
    code = new_duel(client)
    expected = {"coins": [7, 7], "pawn": 0}
    for steps in (SETUP, AGE_I, AGE_II, AGE_III):
        play(client, code, steps, expected)
    assert state(client, code)["over"]
    from tests.web.test_games import KEYS
    client.get(f"/g/{code}?t={KEYS[code]}")
    return code


def test_the_finished_table_says_how_it_was_won_in_the_readers_language(client):
    """The whole game again; the table page then names the victory in French words, never the code."""
    code = finished_duel(client)
    html = client.get(f"/g/{code}", query_string={"lang": "fr"}).get_data(as_text=True)
    assert "Victoire civile" in html and "civilian" not in html
