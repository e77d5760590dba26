"""Groups: who may see what on a server that strangers share.

Every score sheet and tracked table belongs to one group (a tracked table made
through the API alone may have none: its token is then its only key). A phone
is in a group when its signed session says so; it gets there by being first
(a new group, no sign-up) or by an invitation link whose secret is 192 random
bits. Revoking a link makes a new secret; the old one then finds nothing.

A phone in a group is a row of `members` (its id is in its session): removing
the row puts the phone out at once, whatever its cookie says.

Guessing and anonymous writes are bounded by `throttle`: a client's misses and
writes are counted per window in this file, so every worker of the server
shares the count and a restart does not reset it.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from sqlite_utils import Database

from ..catalog.plays import DEFAULT, play_of_doc
from . import events

SHEET, TABLE = "sheet", "table"
OPEN, SAVED, DELETED, FILED = "open", "saved", "deleted", "filed"


@dataclass(frozen=True)
class Item:
    id: str
    group_id: str | None
    kind: str
    status: str
    label: str
    token: str | None
    created: str
    pad: str | None = None     # what is played: a Play's key (catalog/plays.py), a sheet's or a table's


def create_tables(db: Database) -> None:
    db["groups"].create({"id": str, "secret": str, "created": str, "claimable": int}, pk="id",
                        not_null={"secret", "created"}, defaults={"claimable": 0})
    db["groups"].create_index(["secret"], unique=True)
    db["items"].create({"id": str, "group_id": str, "kind": str, "status": str, "label": str, "token": str,
                        "created": str, "pad": str}, pk="id", not_null={"kind", "status", "created"})
    db["items"].create_index(["group_id", "kind", "status", "created"])
    db["throttle"].create({"key": str, "window": int, "count": int}, pk=("key", "window"))


def new_secret() -> str:
    return secrets.token_urlsafe(24)          # 24 bytes: 192 bits


def new_group(db: Database, *, claimable: bool = False) -> str:
    group_id = secrets.token_urlsafe(12)
    db.execute("insert into groups (id, secret, created, claimable) values (?, ?, ?, ?)",
               [group_id, new_secret(), events.now(), int(claimable)])
    return group_id


def exists(db: Database, group_id: str) -> bool:
    return db.execute("select 1 from groups where id = ?", [group_id]).fetchone() is not None


def secret_of(db: Database, group_id: str) -> str:
    return db.execute("select secret from groups where id = ?", [group_id]).fetchone()[0]


def by_secret(db: Database, secret: str) -> str | None:
    row = db.execute("select id from groups where secret = ?", [secret]).fetchone()
    return row[0] if row else None


def revoke(db: Database, group_id: str) -> str:
    """A new invitation secret; the old link finds nothing from now on."""
    secret = new_secret()
    db.execute("update groups set secret = ? where id = ?", [secret, group_id])
    return secret


def claim_adopted(db: Database) -> str | None:
    """The group an upgraded file gave its old games to, for the first phone that asks; once."""
    with db.atomic():
        row = db.execute("select id from groups where claimable = 1 limit 1").fetchone()
        if row is None:
            return None
        taken = db.execute("update groups set claimable = 0 where id = ? and claimable = 1", [row[0]]).rowcount
    return row[0] if taken else None


def adopt_existing(db: Database) -> None:
    """A file made before groups: one claimable group holds every sheet and table it has."""
    first = db.execute("select game_id, kind, payload, created from events where seq = 1 "
                       "and kind in ('sheet.created', 'game.created')").fetchall()
    if not first:
        return
    import json
    group_id = new_group(db, claimable=True)
    done = {r[0] for r in db.execute("select distinct game_id from events where kind in "
                                     "('sheet.saved', 'game.sheet')").fetchall()}
    for item_id, kind, payload, created in first:
        doc = json.loads(payload)
        names = ", ".join(str(p.get("name", "")) for p in doc.get("players", []))
        if kind == "sheet.created":
            add(db, item_id, group_id, SHEET, names, status=SAVED if item_id in done else OPEN, created=created,
                pad=doc.get("pad"))
        else:
            add(db, item_id, group_id, TABLE, names, status=FILED if item_id in done else OPEN, created=created,
                pad=table_pad(doc))


# -- the things a group holds ---------------------------------------------------------

def add(db: Database, item_id: str, group_id: str | None, kind: str, label: str, *, token: str | None = None,
        status: str = OPEN, created: str | None = None, pad: str | None = None) -> None:
    db.execute("insert into items (id, group_id, kind, status, label, token, created, pad) "
               "values (?, ?, ?, ?, ?, ?, ?, ?)",
               [item_id, group_id, kind, status, label[:200], token, created or events.now(), pad])


def table_pad(doc: dict) -> str:
    """A tracked table's kind of game, named as the score pad it is filed on."""
    try:
        return play_of_doc(doc).key
    except ValueError:          # not a game of the family: the tracked-game layer refused it already
        return DEFAULT.key


def item(db: Database, item_id: str) -> Item | None:
    row = db.execute("select id, group_id, kind, status, label, token, created, pad from items where id = ?",
                     [item_id]).fetchone()
    return Item(*row) if row else None


def set_status(db: Database, item_id: str, status: str) -> None:
    db.execute("update items set status = ? where id = ?", [status, item_id])


def set_label(db: Database, item_id: str, label: str) -> None:
    db.execute("update items set label = ? where id = ?", [label[:200], item_id])


def listed(db: Database, group_id: str, kind: str, status: str, limit: int) -> list[Item]:
    """The newest items of one kind and status in a group (an index walk: the group's size does not matter)."""
    rows = db.execute("select id, group_id, kind, status, label, token, created, pad from items "
                      "where group_id = ? and kind = ? and status = ? order by created desc, id desc limit ?",
                      [group_id, kind, status, limit]).fetchall()
    return [Item(*r) for r in rows]


def ids(db: Database, group_id: str, kind: str):
    """Every id of one kind in a group, oldest first (for the export)."""
    for (item_id,) in db.execute("select id from items where group_id = ? and kind = ? order by created, id",
                                 [group_id, kind]):
        yield item_id


# -- the phones of a group ---------------------------------------------------------------

@dataclass(frozen=True)
class Member:
    phone: str
    group_id: str
    joined: str
    agent: str


def create_members(db: Database) -> None:
    db["members"].create({"phone": str, "group_id": str, "joined": str, "agent": str}, pk="phone",
                         not_null={"group_id", "joined"})
    db["members"].create_index(["group_id", "joined"])


def add_group(db: Database, group_id: str, secret: str) -> bool:
    """A group whose id and secret were shown before it was stored (see access); False if it is there."""
    return db.execute("insert or ignore into groups (id, secret, created, claimable) values (?, ?, ?, 0)",
                      [group_id, secret, events.now()]).rowcount == 1


def set_member(db: Database, phone: str, group_id: str, agent: str) -> None:
    """This phone is in `group_id` from now on (a phone is in one group at a time)."""
    db.execute("insert into members (phone, group_id, joined, agent) values (?, ?, ?, ?) on conflict (phone) "
               "do update set group_id = excluded.group_id, joined = excluded.joined, agent = excluded.agent",
               [phone, group_id, events.now(), agent[:80]])


def group_of_phone(db: Database, phone: str) -> str | None:
    row = db.execute("select group_id from members where phone = ?", [phone]).fetchone()
    return row[0] if row else None


def members(db: Database, group_id: str, limit: int = 100) -> list[Member]:
    rows = db.execute("select phone, group_id, joined, agent from members where group_id = ? "
                      "order by joined, phone limit ?", [group_id, limit]).fetchall()
    return [Member(*r) for r in rows]


def remove_member(db: Database, group_id: str, phone: str) -> bool:
    return db.execute("delete from members where group_id = ? and phone = ?", [group_id, phone]).rowcount == 1


# -- the networks a table was played from ------------------------------------------------

def create_table_networks(db: Database) -> None:
    db["table_networks"].create({"code": str, "client": str}, pk=("code", "client"))


def note_network(db: Database, code: str, client: str) -> None:
    """`client` (an address or an IPv6 /64) made or joined the table `code`."""
    db.execute("insert or ignore into table_networks (code, client) values (?, ?)", [code, client])


def played_from(db: Database, code: str, client: str) -> bool:
    return db.execute("select 1 from table_networks where code = ? and client = ?", [code, client]).fetchone() \
        is not None


# -- bounding guesses and writes -------------------------------------------------------

KEPT_SECONDS = 7200      # the longest window is an hour: rows whose window began earlier are dropped


def _start(window: int) -> int:
    """The current window of `window` seconds, as the second it began (windows of any length share a table)."""
    now = int(time.time())
    return now - now % window


def _clean(db: Database) -> None:
    db.execute("delete from throttle where window < ?", [int(time.time()) - KEPT_SECONDS])


def used(db: Database, key: str, window: int = 3600) -> int:
    """How many `key` (a kind of guess or write and a client) counted this window."""
    row = db.execute("select count from throttle where key = ? and window = ?", [key, _start(window)]).fetchone()
    return row[0] if row else 0


def blocked(db: Database, key: str, limit: int, window: int = 3600) -> bool:
    """Whether `key` has used its `limit` this window."""
    return used(db, key, window) >= limit


def missed(db: Database, key: str, window: int = 3600) -> int:
    """Count one for `key` in this window; the count so far, this one included."""
    with db.atomic():
        count = db.execute("insert into throttle (key, window, count) values (?, ?, 1) "
                           "on conflict (key, window) do update set count = count + 1 returning count",
                           [key, _start(window)]).fetchone()[0]
        _clean(db)
    return count


def spend(db: Database, key: str, limit: int, window: int = 3600) -> bool:
    """One more for `key` in this window if it stays within `limit` (counted only then)."""
    with db.atomic():
        taken = db.execute("insert into throttle (key, window, count) values (?, ?, 1) "
                           "on conflict (key, window) do update set count = count + 1 where count < ?",
                           [key, _start(window), limit]).rowcount
        _clean(db)
    return taken == 1
