"""Issue 29, caches that overflow: what a board asks again and again is kept a table, its live entries
all, whatever the number of tables and the length of their games.

The log's words, the seats' moves, the hands' card lists and the game as the contract shows it were
kept in fixed counts of entries (65,536 lines; 8,192; 8,192; 4,096): at 1,000 tables in long games the
entries of a table that had not moved for a while were evicted while its phones still showed them, and
said, listed or sorted again at its next board or price. A test of the policy (what is computed again),
not of time: a thousand tables at mid-game (66 moves logged), 6,000 moves at random tables, each rendering its log and its
seats' moves and hands, and a price asked at another random table.
"""
import random
from types import SimpleNamespace

from companion.web import table_view

TABLES, LOG_AT_START, MOVES, SEATS = 1_000, 66, 6_000, ("Ana", "Bruno", "Chloé", "Dan")
PLAY = SimpleNamespace(game="7wonders", edition=1)


class Rules:
    """A game's rules as the board asks them, counting each thing computed for a table."""

    def __init__(self, computed: dict):
        self.computed = computed

    def count(self, *what) -> None:
        self.computed[what] = self.computed.get(what, 0) + 1

    def hidden_choices(self, state) -> int:
        return 0

    def legal_moves(self, state, names, seat):
        self.count(state["code"], state["version"], "legal_moves", seat)
        return ()

    def picks(self, state, names, seat):
        self.count(state["code"], state["version"], "picks", seat)
        return ()


class Table:
    """A table at mid-game: its log one entry a version, each seat holding a hand (new at its move)."""

    def __init__(self, code: str, computed: dict):
        self.code, self.version, self.names, self.tracked = code, LOG_AT_START, SEATS, Rules(computed)
        self.hands = {seat: self._hand(seat) for seat in SEATS}

    def _hand(self, seat: str) -> tuple[str, ...]:
        return tuple(f"{self.code}-{self.version}-{seat}-{i}" for i in range(7))

    @property
    def state(self) -> dict:
        return {"code": self.code, "version": self.version,
                "log": [{"version": v, "player": SEATS[v % 4]} for v in range(1, self.version + 1)]}

    def move(self) -> None:
        self.version += 1
        seat = SEATS[self.version % 4]
        self.hands[seat] = self._hand(seat)


def board(table: Table) -> None:
    """What a board's render asks: the game, the log in words (once a version: the shared part), and for
    each seat's phone its moves, picks and hand."""
    state = table.state
    table_view._state_of(table)
    table_view._log_items(table, state)
    for seat in SEATS:
        price(table, seat)


def price(table: Table, seat: str) -> None:
    """What a price asked asks: the game, the seat's picks, its hand sorted, the last move's words."""
    table_view._state_of(table)
    table_view._for_seat(table, "legal_moves", seat)
    table_view._for_seat(table, "picks", seat)
    hand = table.hands[seat]
    table_view._card_options(table, PLAY, hand, lambda card: table.tracked.count(table.code, "hand", hand) or card)
    seq = table.version
    table_view._line(table, seq, {"version": seq}, False)


def test_a_thousand_tables_in_long_games_keep_every_entry_still_in_use(app, monkeypatch):
    computed: dict = {}
    monkeypatch.setattr(table_view, "_said", lambda table, entry, hidden=False: (
        table.tracked.count(table.code, "line", entry["version"], hidden) or f"move {entry['version']}"))
    monkeypatch.setattr(table_view, "state_json", lambda table: table.tracked.count(table.code, "state",
                                                                                    table.version) or {})
    for kept in (table_view._lines, table_view._seat_moves, table_view._options, table_view._states):
        monkeypatch.setattr(kept, "items", type(kept.items)())
    rng = random.Random(29)
    tables = [Table(f"T{n:04}", computed) for n in range(TABLES)]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        for table in tables:
            board(table)
        for _ in range(MOVES):
            moved = rng.choice(tables)
            moved.move()
            board(moved)
            asked = rng.choice(tables)           # a phone of another table, maybe idle for long, asks a price
            price(asked, rng.choice(SEATS))
    # Each line said once, each seat's moves and picks listed once a version, each hand sorted once
    # (its label asked once a card for its order and once for its <option>), the game built once a version.
    again = {what: n for what, n in computed.items() if n > (14 if what[1] == "hand" else 1)}
    assert again == {}
    assert sum(1 for what in computed if what[1] == "line") == TABLES * LOG_AT_START + MOVES
    # Only the live entries stay: each table's whole log, and its latest version's moves, hands and game.
    assert len(table_view._lines) == TABLES * LOG_AT_START + MOVES
    assert len(table_view._seat_moves) <= TABLES * len(SEATS) * 2 * 2
