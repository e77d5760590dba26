"""Who may see what: every lookup of a sheet or a tracked table goes through here.

A phone's group is in its signed session cookie. Something of another group is
answered as if it did not exist (404), whatever the page or API route. A
tracked table is also open to whoever shows its token (API: `Authorization:
Bearer`; a phone: the join link, remembered in its session) or typed its short
code; typed codes and invitation secrets that find nothing are counted per
client and refused (429) past a few an hour.
"""
from __future__ import annotations

import hmac

from flask import abort, g, request, session

from ..store import games as tables_store
from ..store import groups, results
from ..store import sheets as sheets_store
from . import get_db

GUESSES_PER_HOUR = 20          # misses a client may make an hour, for codes and for invitation links
MAX_GRANTS = 30                # tables a phone remembers the right to


# -- the phone's group -----------------------------------------------------------------

def current_group(create: bool = False) -> str | None:
    """This phone's group; with `create`, a first visit gets one (the old games of an upgraded file first)."""
    if "group" in g:
        return g.group
    db = get_db()
    group_id = session.get("group")
    if group_id and not groups.exists(db, group_id):
        group_id = None
    if group_id is None and create:
        group_id = groups.claim_adopted(db) or groups.new_group(db)
        enter(group_id)
    g.group = group_id
    return group_id


def enter(group_id: str) -> None:
    session["group"] = group_id
    session.permanent = True          # a phone stays in its group across browser restarts
    g.group = group_id


def client_key(kind: str) -> str:
    return f"{kind}:{request.remote_addr or '?'}"


def guard_guesses(kind: str) -> None:
    if groups.blocked(get_db(), client_key(kind), GUESSES_PER_HOUR):
        abort(429)


def count_miss(kind: str) -> None:
    groups.missed(get_db(), client_key(kind))


# -- score sheets --------------------------------------------------------------------------

def sheet_item(sheet_id: str, *, deleted: bool = False) -> groups.Item | None:
    """The sheet's entry when it is this phone's group's (and not deleted, unless asked)."""
    item = groups.item(get_db(), sheet_id)
    mine = current_group()
    if item is None or item.kind != groups.SHEET or mine is None or item.group_id != mine:
        return None
    if item.status == groups.DELETED and not deleted:
        return None
    return item


def load_sheet(sheet_id: str, *, deleted: bool = False) -> sheets_store.Sheet | None:
    if sheet_item(sheet_id, deleted=deleted) is None:
        return None
    return sheets_store.load(get_db(), sheet_id)


def sheet_or_404(sheet_id: str, **kw) -> sheets_store.Sheet:
    sheet = load_sheet(sheet_id, **kw)
    if sheet is None:
        abort(404)
    return sheet


def new_sheet(pad: str, names: list[str]) -> str:
    """A new sheet in this phone's group (made on a first visit)."""
    db = get_db()
    group_id = current_group(create=True)
    sheet_id = sheets_store.create(db, pad, names)
    groups.add(db, sheet_id, group_id, groups.SHEET, ", ".join(names), pad=pad)
    return sheet_id


def known_players() -> list[tuple[str, int]]:
    """Names this phone's group used lately, with the seat each most often took: nobody else's."""
    group_id = current_group()
    return results.recent_seats(get_db(), group_id) if group_id else []


# -- tracked tables --------------------------------------------------------------------

def _granted(code: str) -> bool:
    return code in session.get("tables", [])


def grant(code: str) -> None:
    session["tables"] = [c for c in session.get("tables", []) if c != code][-(MAX_GRANTS - 1):] + [code]


def granted_tables(limit: int) -> list[groups.Item]:
    """Tables this phone joined by link or code that are still being played, newest joined first
    (a guest's way back to its table from the home page)."""
    found = []
    for code in reversed(session.get("tables", [])):
        item = groups.item(get_db(), code)
        if item is not None and item.kind == groups.TABLE and item.status == groups.OPEN:
            found.append(item)
        if len(found) == limit:
            break
    return found


def is_guest_at(item: groups.Item) -> bool:
    """Whether this phone sees a table as a guest: the table belongs to a group this phone is not in."""
    return item.group_id is not None and item.group_id != current_group()


def bearer_ok(item: groups.Item) -> bool:
    sent = request.headers.get("Authorization", "")
    scheme, _, token = sent.partition(" ")
    return (scheme.lower() == "bearer" and item.token is not None
            and hmac.compare_digest(token.strip().encode(), item.token.encode()))


def table_item(code: str) -> groups.Item | None:
    """The table when this request may see it: by bearer token on the API, by group or grant on a page."""
    code = code.strip().upper()
    item = groups.item(get_db(), code)
    if item is None or item.kind != groups.TABLE:
        return None
    if request.path.startswith("/api/"):
        return item if bearer_ok(item) else None
    if _granted(code) or (item.group_id is not None and item.group_id == current_group()):
        return item
    return None


def table_or_404(code: str) -> tables_store.Table:
    item = table_item(code)
    table = tables_store.load(get_db(), item.id) if item else None
    if table is None:
        abort(404)
    return table


def join_with_token(code: str, token: str) -> bool:
    """The join link (the QR code): its token gives this phone the table."""
    item = groups.item(get_db(), code.strip().upper())
    if item is None or item.kind != groups.TABLE or item.token is None or not hmac.compare_digest(
            token.encode(), item.token.encode()):
        return False
    grant(item.id)
    return True


def join_with_code(code: str) -> bool:
    """A typed short code, for a phone at the same table: throttled, since codes are short."""
    guard_guesses("code")
    item = groups.item(get_db(), code.strip().upper())
    if item is None or item.kind != groups.TABLE or item.status != groups.OPEN:
        count_miss("code")
        return False
    grant(item.id)
    return True
