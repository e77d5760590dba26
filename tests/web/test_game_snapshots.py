"""Issue 29, a restart: a tracked game's state is kept every few versions (store/games.py), and a
server that has just started takes each game up from it instead of replaying its whole log.

The state taken up must be the replay's, and stay so as the game goes on (a kept state is the one
every later move builds on); a snapshot of other rules or data, or one an undo has passed, is not
taken."""
from __future__ import annotations

import dataclasses

import pytest

from companion.store import events, games
from companion.store.db import open_database
from companion.engine.tracked import EVERY_SEAT

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": n, "wonder": w, "side": "A"} for n, w in (("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus"))]}
DUEL_BOXES = {"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}], "expansions": ["pantheon", "agora"]}


@pytest.fixture
def db(tmp_path):
    opened = open_database(tmp_path / "store.sqlite3")
    yield opened
    opened.close()


def play(db, code: str, moves: int) -> None:
    """`moves` moves the rules take: a listed legal move, or a card sold from a seat's pick."""
    for _ in range(moves):
        table = games.load(db, code)
        listed = [m.doc for m in table.tracked.legal_moves(table.state, table.names, EVERY_SEAT)]
        sells = [{"player": p.player, "action": "sell", "card": c}
                 for p in table.tracked.picks(table.state, table.names, EVERY_SEAT) for c in sorted(p.cards)]
        for doc in listed + sells:
            try:
                games.act(db, code, doc)
                break
            except Exception:
                continue
        else:
            raise AssertionError(f"no move taken at version {table.version}")


REPLAY = games._replay           # the store's own replay, whatever a test counts


def restarted(monkeypatch) -> list:
    """A server just started: nothing kept in memory; each replay counted."""
    games._cache.items.clear()
    replays = []
    monkeypatch.setattr(games, "_replay", lambda *a: replays.append(a) or REPLAY(*a))
    return replays


@pytest.mark.parametrize("doc", [SEVEN, DUEL_BOXES], ids=["7 Wonders", "Duel with Pantheon and Agora"])
def test_a_restarted_server_takes_a_game_up_from_its_snapshot_as_the_replay_has_it(db, monkeypatch, doc):
    code, _ = games.create(db, doc)
    play(db, code, 3 * games.SNAPSHOT_EVERY + 3)          # a snapshot at version 3 x 8, three moves after it
    replays = restarted(monkeypatch)
    taken = games.load(db, code)
    assert replays == [] and taken.version == events.current_version(db, code) == 3 * games.SNAPSHOT_EVERY + 4
    assert taken == REPLAY(db, code)                       # state, log, undos, version
    play(db, code, games.SNAPSHOT_EVERY + 2)               # the game goes on from the state taken up
    assert games.load(db, code) == REPLAY(db, code) and replays == []


def test_a_snapshot_of_other_rules_or_passed_by_an_undo_is_not_taken(db, monkeypatch):
    code, _ = games.create(db, SEVEN)
    play(db, code, games.SNAPSHOT_EVERY)
    db.execute("update snapshots set code = 'other rules' where game_id = ?", [code])
    db.conn.commit()
    replays = restarted(monkeypatch)
    assert games.load(db, code).version == games.SNAPSHOT_EVERY + 1 and len(replays) == 1

    play(db, code, games.SNAPSHOT_EVERY)                   # a snapshot of these rules again
    games.undo(db, code)
    replays = restarted(monkeypatch)
    assert games.load(db, code) == REPLAY(db, code) and len(replays) == 1


def test_a_game_priced_since_its_last_snapshot_is_kept_and_taken_up(db, monkeypatch):
    """A price asked (a board, a price form) leaves the rules' quotes found in the state; the
    snapshot is kept all the same, and taken up as the replay has it."""
    code, _ = games.create(db, SEVEN)
    play(db, code, games.SNAPSHOT_EVERY - 2)
    table = games.load(db, code)
    for pick in table.tracked.picks(table.state, table.names, EVERY_SEAT):
        for card in sorted(pick.cards):
            table.tracked.quote(table.state, {"player": pick.player, "action": "build", "card": card}, table.names)
    play(db, code, 1)                                      # the snapshot's version, from the priced state
    assert db.execute("select seq from snapshots where game_id = ?", [code]).fetchall() == [(games.SNAPSHOT_EVERY,)]
    replays = restarted(monkeypatch)
    assert games.load(db, code) == REPLAY(db, code) and replays == []


def test_a_state_that_cannot_be_kept_is_said_in_the_log(db, monkeypatch, caplog):
    """A snapshot that fails leaves the game to the replay, as before, but not silently: a state that
    stopped pickling once cost every restarted worker a replay of each game, and nobody knew."""
    code, _ = games.create(db, SEVEN)

    def refuse(*_args, **_kwargs):
        raise TypeError("cannot pickle 'weakref' object")

    monkeypatch.setattr(games.pickle, "dumps", refuse)
    with caplog.at_level("WARNING", logger="companion.store.games"):
        play(db, code, games.SNAPSHOT_EVERY)
    assert db.execute("select count(*) from snapshots where game_id = ?", [code]).fetchone() == (0,)
    said = [r for r in caplog.records if r.name == "companion.store.games"]
    assert said and code in said[0].getMessage() and said[0].exc_info
    replays = restarted(monkeypatch)
    assert games.load(db, code) == REPLAY(db, code) and len(replays) == 1   # the game goes on, replayed


def test_a_snapshot_is_written_in_its_moves_own_transaction(db):
    """Issue 29: the snapshot had a write transaction of its own after the move's (the write lock
    taken twice, two commits): it goes in the move's, and the move's cached state is the one kept."""
    code, _ = games.create(db, SEVEN)
    play(db, code, games.SNAPSHOT_EVERY - 2)
    said: list[str] = []
    db.conn.set_trace_callback(said.append)
    play(db, code, 1)                                      # the snapshot's version
    db.conn.set_trace_callback(None)
    assert [s for s in said if s.upper().startswith("BEGIN")] == ["BEGIN IMMEDIATE"]
    assert db.execute("select seq from snapshots where game_id = ?", [code]).fetchall() == [(games.SNAPSHOT_EVERY,)]


def test_a_snapshot_keeps_a_citys_fields_not_the_facts_cached_on_it(db):
    """Issue 29: a city's cached facts (its board, its cards' infos, production) were pickled with it,
    80% of a snapshot's bytes and most of its pickling at every other move; they are derived again."""
    code, _ = games.create(db, SEVEN)
    play(db, code, games.SNAPSHOT_EVERY - 1)               # the snapshot's version, the cities' facts asked
    kept = games.pickle.loads(db.execute("select state from snapshots where game_id = ?", [code]).fetchone()[0])
    fields = {f.name for f in dataclasses.fields(type(kept.state.cities[0]))}
    assert [set(vars(city)) for city in kept.state.cities] == [fields] * len(kept.state.cities)
    assert kept.state == games.load(db, code).state
