"""Filed games as tables: the projection history and home read instead of the log.

Each saved sheet is one `results` row and one `result_players` row a player,
written when the sheet is saved, reopened, deleted or restored. Statistics are
running sums (`player_stats`, `wonder_stats`) that each filing adds to and each
reopening or deletion takes back, so a history page reads a few rows whatever
the number of games. Everything here can be rebuilt from the event log
(`rebuild`), and is whenever a migration asks for it.

The store does not score: the caller hands over the points, totals and ranks
the engine gave (a `Filed`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlite_utils import Database

CATEGORIES = ("military", "treasury", "wonder", "wonders", "civil", "commercial", "guilds", "science", "progress",
              "leaders", "debt", "cities",        # rows the expansion boxes add: Leaders, Cities (migration m007),
              "naval", "islands", "shipyard", "edifice", "tower", "projects")    # Armada, Edifice, Babel (m008)
PAGE = 20


@dataclass
class FiledPlayer:
    seat: int
    name: str
    total: int
    rank: int
    coins: int | None = None
    wonder: str | None = None                       # the wonder board played (its id)
    points: dict = field(default_factory=dict)      # category -> points


@dataclass
class Filed:
    sheet_id: str
    group_id: str
    pad: str
    filed: str                 # when the game was played (the sheet's creation), for the order of history
    players: list[FiledPlayer]
    victory: str = "civilian"  # civilian, military or scientific
    edited: bool = False


def create_tables(db: Database) -> None:
    db["results"].create({"sheet_id": str, "group_id": str, "pad": str, "filed": str, "victory": str,
                          "edited": int}, pk="sheet_id")
    db["results"].create_index(["group_id", "filed", "sheet_id"])
    columns = {c: int for c in CATEGORIES}
    db["result_players"].create({"sheet_id": str, "seat": int, "group_id": str, "pad": str, "name": str,
                                 "name_key": str, "total": int, "rank": int, "coins": int, "board": str,
                                 **columns}, pk=("sheet_id", "seat"))
    db["result_players"].create_index(["group_id", "name_key"])
    db["player_stats"].create({"group_id": str, "pad": str, "name_key": str, "name": str, "games": int,
                               "wins": int, "total": int, **columns}, pk=("group_id", "pad", "name_key"))
    db["player_stats"].create_index(["group_id", "pad", "wins", "games"])
    db["wonder_stats"].create({"group_id": str, "pad": str, "wonder": str, "games": int, "wins": int},
                              pk=("group_id", "pad", "wonder"))
    db["projection"].create({"name": str, "stale": int}, pk="name")


def add_category_columns(db: Database) -> None:
    """The columns of CATEGORIES a file made before they existed lacks (a new file has them all)."""
    for table in ("result_players", "player_stats"):
        have = set(db[table].columns_dict)
        for category in CATEGORIES:
            if category not in have:
                db[table].add_column(category, int)


def ask_rebuild(db: Database) -> None:
    db.execute("insert or replace into projection (name, stale) values ('results', 1)")


def needs_rebuild(db: Database) -> bool:
    row = db.execute("select stale from projection where name = 'results'").fetchone()
    return bool(row and row[0])


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


# -- writing ----------------------------------------------------------------------------

def put(db: Database, filed: Filed) -> None:
    """File one game (again): its old row and statistics are replaced. One transaction."""
    with db.atomic():
        _remove(db, filed.sheet_id)
        _insert(db, filed)


def remove(db: Database, sheet_id: str) -> None:
    """Take a game out of history and its statistics (reopened or deleted)."""
    with db.atomic():
        _remove(db, sheet_id)


def _insert(db: Database, filed: Filed) -> None:
    db.execute("insert into results (sheet_id, group_id, pad, filed, victory, edited) values (?, ?, ?, ?, ?, ?)",
               [filed.sheet_id, filed.group_id, filed.pad, filed.filed, filed.victory, int(filed.edited)])
    for p in filed.players:
        row = [filed.sheet_id, p.seat, filed.group_id, filed.pad, p.name, name_key(p.name), p.total, p.rank,
               p.coins, p.wonder] + [p.points.get(c) for c in CATEGORIES]
        db.execute(f"insert into result_players (sheet_id, seat, group_id, pad, name, name_key, total, rank, coins, "
                   f"board, {', '.join(CATEGORIES)}) values ({', '.join('?' * len(row))})", row)
        _count(db, filed.group_id, filed.pad, p.name, p.total, p.rank, p.points, p.wonder, +1)


def _remove(db: Database, sheet_id: str) -> None:
    found = db.execute("select group_id, pad from results where sheet_id = ?", [sheet_id]).fetchone()
    if found is None:
        return
    group_id, pad = found
    rows = db.execute(f"select name, total, rank, board, {', '.join(CATEGORIES)} from result_players "
                      f"where sheet_id = ?", [sheet_id]).fetchall()
    for name, total, rank, wonder, *points in rows:
        _count(db, group_id, pad, name, total, rank, dict(zip(CATEGORIES, points)), wonder, -1)
    db.execute("delete from result_players where sheet_id = ?", [sheet_id])
    db.execute("delete from results where sheet_id = ?", [sheet_id])


def _count(db: Database, group_id: str, pad: str, name: str, total: int, rank: int, points: dict,
           wonder: str | None, sign: int) -> None:
    """Add (sign +1) or take back (-1) one player's game in the running sums."""
    sums = [sign * (points.get(c) or 0) for c in CATEGORIES]
    won = sign * int(rank == 1)
    db.execute(f"insert into player_stats (group_id, pad, name_key, name, games, wins, total, {', '.join(CATEGORIES)}) "
               f"values ({', '.join('?' * (7 + len(CATEGORIES)))}) on conflict (group_id, pad, name_key) do update set "
               f"games = games + excluded.games, wins = wins + excluded.wins, total = total + excluded.total, "
               + ", ".join(f"{c} = {c} + excluded.{c}" for c in CATEGORIES),
               [group_id, pad, name_key(name), name, sign, won, sign * total] + sums)
    db.execute("delete from player_stats where group_id = ? and pad = ? and name_key = ? and games <= 0",
               [group_id, pad, name_key(name)])
    if wonder:
        db.execute("insert into wonder_stats (group_id, pad, wonder, games, wins) values (?, ?, ?, ?, ?) "
                   "on conflict (group_id, pad, wonder) do update set games = games + excluded.games, "
                   "wins = wins + excluded.wins", [group_id, pad, wonder, sign, won])
        db.execute("delete from wonder_stats where group_id = ? and pad = ? and wonder = ? and games <= 0",
                   [group_id, pad, wonder])


def recount(db: Database, group_id: str) -> None:
    """A group's statistics summed afresh from its filed games (after a rename or merge)."""
    sums = ", ".join(f"sum(coalesce({c}, 0))" for c in CATEGORIES)
    with db.atomic():
        db.execute("delete from player_stats where group_id = ?", [group_id])
        db.execute("delete from wonder_stats where group_id = ?", [group_id])
        db.execute(f"insert into player_stats (group_id, pad, name_key, name, games, wins, total, {', '.join(CATEGORIES)}) "
                   f"select group_id, pad, name_key, max(name), count(*), sum(rank = 1), sum(total), {sums} "
                   f"from result_players where group_id = ? group by pad, name_key", [group_id])
        db.execute("insert into wonder_stats (group_id, pad, wonder, games, wins) select group_id, pad, board, "
                   "count(*), sum(rank = 1) from result_players where group_id = ? and board is not null "
                   "group by pad, board", [group_id])


def rename(db: Database, group_id: str, old: str, new: str) -> list[tuple[str, int]]:
    """Every filed seat of `old` (any case) in the group now reads `new`; returns the (sheet, seat) changed.

    When `new` is already a player's name, the two become one: that is a merge.
    """
    seats = db.execute("select sheet_id, seat from result_players where group_id = ? and name_key = ?",
                       [group_id, name_key(old)]).fetchall()
    with db.atomic():
        db.execute("update result_players set name = ?, name_key = ? where group_id = ? and name_key = ?",
                   [new, name_key(new), group_id, name_key(old)])
    recount(db, group_id)
    with db.atomic():      # the merged row shows the name chosen, not whichever spelling sorts last
        db.execute("update player_stats set name = ? where group_id = ? and name_key = ?",
                   [new, group_id, name_key(new)])
    return [(s, seat) for s, seat in seats]


# -- reading ----------------------------------------------------------------------------

@dataclass
class Row:
    sheet_id: str
    pad: str
    filed: str
    victory: str
    edited: bool
    players: list[dict]        # in rank order: name, total, rank, seat


def page(db: Database, group_id: str, before: tuple[str, str] | None = None, size: int = PAGE
         ) -> tuple[list[Row], tuple[str, str] | None]:
    """One page of a group's games, newest first, and the cursor of the next page (keyset: no OFFSET)."""
    if before:
        rows = db.execute("select sheet_id, pad, filed, victory, edited from results where group_id = ? and "
                          "(filed, sheet_id) < (?, ?) order by filed desc, sheet_id desc limit ?",
                          [group_id, before[0], before[1], size + 1]).fetchall()
    else:
        rows = db.execute("select sheet_id, pad, filed, victory, edited from results where group_id = ? "
                          "order by filed desc, sheet_id desc limit ?", [group_id, size + 1]).fetchall()
    more = len(rows) > size
    rows = rows[:size]
    players: dict[str, list[dict]] = {r[0]: [] for r in rows}
    if rows:
        marks = ", ".join("?" * len(rows))
        for sheet_id, name, total, rank, seat in db.execute(
                f"select sheet_id, name, total, rank, seat from result_players where sheet_id in ({marks}) "
                f"order by rank, seat", [r[0] for r in rows]):
            players[sheet_id].append({"name": name, "total": total, "rank": rank, "seat": seat})
    found = [Row(r[0], r[1], r[2], r[3], bool(r[4]), players[r[0]]) for r in rows]
    cursor = (rows[-1][2], rows[-1][0]) if more else None
    return found, cursor


@dataclass
class PlayerStats:
    name: str
    games: int
    wins: int
    totals: dict

    def average(self, key: str) -> float:
        return (self.totals.get(key) or 0) / self.games if self.games else 0.0


def player_stats(db: Database, group_id: str, pad: str, limit: int = 50) -> list[PlayerStats]:
    rows = db.execute(f"select name, games, wins, total, {', '.join(CATEGORIES)} from player_stats "
                      f"where group_id = ? and pad = ? order by wins desc, games desc, name_key limit ?",
                      [group_id, pad, limit]).fetchall()
    return [PlayerStats(r[0], r[1], r[2], {"total": r[3], **dict(zip(CATEGORIES, r[4:]))}) for r in rows]


def pads_played(db: Database, group_id: str, first: list[str]) -> list[str]:
    """The plays (stored keys, with boxes or not) a group filed a game of: `first`'s order, then the rest by key."""
    played = {r[0] for r in db.execute("select distinct pad from player_stats where group_id = ? and games > 0",
                                       [group_id]).fetchall()}
    return [k for k in first if k in played] + sorted(played - set(first))


def wonder_stats(db: Database, group_id: str, pad: str, limit: int = 50) -> list[tuple[str, int, int]]:
    return db.execute("select wonder, games, wins from wonder_stats where group_id = ? and pad = ? "
                      "order by wins * 1.0 / games desc, games desc, wonder limit ?",
                      [group_id, pad, limit]).fetchall()


def names(db: Database, group_id: str, limit: int = 200) -> list[str]:
    """The group's players, most games first (each name once, whatever the game)."""
    rows = db.execute("select max(name), sum(games) as n from player_stats where group_id = ? "
                      "group by name_key order by n desc, name_key limit ?", [group_id, limit]).fetchall()
    return [r[0] for r in rows]


def recent_seats(db: Database, group_id: str, games: int = 200) -> list[tuple[str, int]]:
    """Names of the group's last `games` filed and open games with the seat each most often took, most used first."""
    rows = db.execute("""select p.name, p.seat, count(*) from result_players p join
                           (select sheet_id from results where group_id = ? order by filed desc limit ?) r
                           on p.sheet_id = r.sheet_id group by p.name_key, p.seat""", [group_id, games]).fetchall()
    # and the sheets still open (not filed yet), as they were created
    rows += db.execute("""select json_extract(p.value, '$.name'), cast(p.key as integer), count(*)
                          from (select id from items where group_id = ? and kind = 'sheet' and status = 'open'
                                order by created desc limit ?) i
                          join events e on e.game_id = i.id and e.seq = 1,
                          json_each(json_extract(e.payload, '$.players')) as p
                          group by 1, 2""", [group_id, games]).fetchall()
    seats: dict[str, dict[int, int]] = {}
    for name, seat, n in rows:
        by_seat = seats.setdefault(name, {})
        by_seat[seat] = by_seat.get(seat, 0) + n
    ordered = sorted(seats.items(), key=lambda item: (-sum(item[1].values()), item[0].casefold()))
    return [(name, max(by_seat, key=lambda s: (by_seat[s], -s))) for name, by_seat in ordered]


def export_rows(db: Database, group_id: str):
    """Every filed player of a group, oldest game first, for the CSV (streamed)."""
    yield from db.execute(f"select r.sheet_id, r.filed, r.pad, p.name, p.seat, {', '.join('p.' + c for c in CATEGORIES)}, "
                          f"p.total, p.rank, p.coins from results r join result_players p on p.sheet_id = r.sheet_id "
                          f"where r.group_id = ? order by r.filed, r.sheet_id, p.seat", [group_id])
