"""Who may see what: every lookup of a sheet or a tracked table goes through here.

A phone's group is in its signed session cookie. Something of another group is
answered as if it did not exist (404), whatever the page or API route. A
tracked table is also open to whoever shows its token (API: `Authorization:
Bearer`; a phone: the join link, remembered in its session) or typed its short
code; typed codes and invitation secrets are bounded per client (limits.py).
"""
from __future__ import annotations

import base64
import hmac
import secrets

from flask import abort, current_app, g, request, session

from ..store import games as tables_store
from ..store import groups, results
from ..store import sheets as sheets_store
from . import get_db, limits

MAX_GRANTS = 30                # tables a phone remembers the right to


# -- the phone's group -----------------------------------------------------------------
#
# A phone is in a group when its session names the group and its phone id, and
# the members table agrees: another phone of the group removes it by deleting
# that row. A phone with no group that opens /group/ is shown the link of a
# group not stored yet (its id kept in the session, its secret derived from the
# app's key): reading stores nothing; the group is stored when this phone
# writes something or another phone joins through that link.

def current_group(create: bool = False) -> str | None:
    """This phone's group; with `create`, a first writer gets one (the old games of an upgraded file first)."""
    if "group" in g:
        return g.group
    db = get_db()
    group_id = _member_group()
    pending = session.get("pending")
    if group_id is None and pending and groups.exists(db, pending):
        group_id = pending                     # a phone joined through the link this phone showed
        enter(group_id)
    elif group_id is None and create:
        group_id = groups.claim_adopted(db) or _store_new_group(pending)
        enter(group_id)
    g.group = group_id
    return group_id


def own_group() -> str | None:
    """This phone's group, stored now if this phone showed its link: never a new one."""
    return current_group(create="pending" in session)


def _member_group() -> str | None:
    db = get_db()
    group_id, phone = session.get("group"), session.get("phone")
    if not group_id:
        return None
    if phone is None:                 # a session from before phones were recorded: record it now
        if not groups.exists(db, group_id):
            return None
        enter(group_id)
        return group_id
    if groups.group_of_phone(db, phone) == group_id:
        return group_id
    _put_out(group_id)                # removed by another phone of the group
    return None


def _put_out(group_id: str) -> None:
    """A removed phone is a stranger: no group, and no way back into the group's tables."""
    db = get_db()
    session.pop("group", None)
    session["removed"] = True
    session["tables"] = [c for c in session.get("tables", [])
                         if getattr(groups.item(db, c), "group_id", None) != group_id]


def _store_new_group(pending: str | None) -> str:
    limits.spend_write("groups")
    if pending:
        groups.add_group(get_db(), pending, pending_secret(pending))
        return pending
    return groups.new_group(get_db())


def enter(group_id: str) -> None:
    phone = session.get("phone") or secrets.token_urlsafe(9)
    groups.set_member(get_db(), phone, group_id, agent_summary(request.user_agent.string))
    session.update(group=group_id, phone=phone)
    session.pop("pending", None)
    session.pop("removed", None)
    session.permanent = True          # a phone stays in its group across browser restarts
    g.group = group_id


def this_phone() -> str | None:
    return session.get("phone")


def was_removed() -> bool:
    """Whether this phone was put out of its group since it was last told (told once)."""
    current_group()
    return bool(session.pop("removed", False))


def shown_group() -> tuple[str, str, bool]:
    """The group /group/ shows: (id, invitation secret, stored). An upgraded file's games go to the
    first phone that opens it; a phone with no group sees the link of one not stored yet."""
    db = get_db()
    group_id = current_group()
    if group_id is None and (adopted := groups.claim_adopted(db)):
        enter(adopted)
        group_id = adopted
    if group_id is not None:
        return group_id, groups.secret_of(db, group_id), True
    pending = session.setdefault("pending", secrets.token_urlsafe(12))
    session.permanent = True
    return pending, pending_secret(pending), False


def pending_secret(group_id: str) -> str:
    """The invitation secret of a group not stored yet: its id and 192 bits of HMAC under the app's key."""
    key = current_app.secret_key
    key = key if isinstance(key, bytes) else str(key).encode()
    mac = hmac.new(key, b"pending-group:" + group_id.encode(), "sha256").digest()[:24]
    return group_id + base64.urlsafe_b64encode(mac).decode()


def group_by_secret(secret: str) -> str | None:
    """The group an invitation secret lets in: a stored one, or one whose link was shown before it was stored."""
    db = get_db()
    found = groups.by_secret(db, secret)
    if found or len(secret) != 48:
        return found
    group_id = secret[:16]
    if hmac.compare_digest(secret.encode(), pending_secret(group_id).encode()) and not groups.exists(db, group_id):
        return group_id
    return None        # forged, or the group is stored now with another secret (a new link was made)


def join_group(group_id: str) -> None:
    """This phone joins `group_id` by its link (storing the group if its first phone had only shown it)."""
    db = get_db()
    if not groups.exists(db, group_id):
        limits.spend_write("groups")
        groups.add_group(db, group_id, pending_secret(group_id))
    enter(group_id)


BROWSERS = (("Edg", "Edge"), ("SamsungBrowser", "Samsung Internet"), ("OPR", "Opera"), ("Firefox", "Firefox"),
            ("FxiOS", "Firefox"), ("CriOS", "Chrome"), ("Chrome", "Chrome"), ("Safari", "Safari"))
SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
           ("Mac OS X", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def agent_summary(agent: str) -> str:
    """"Chrome · Android": enough to tell a group's phones apart, nothing more kept of the user agent."""
    found = [next((name for mark, name in table if mark in agent), None) for table in (BROWSERS, SYSTEMS)]
    return " · ".join(name for name in found if name)


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
    limits.spend_write("games")
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
    note_network(code)


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


def item_of(code: str) -> groups.Item | None:
    """The group's entry for `code`, read once a request (a board asked for it twice). A table's may be
    the one this process kept (_table_entry): its status as first read."""
    kept = g.setdefault("_items", {})
    if code not in kept:
        kept[code] = groups.item(get_db(), code)
    return kept[code]


# A table's entry as this process read it, by database and code: what decides who may see a table (its
# kind, group and token) is never changed once stored (groups.py changes only an entry's status and
# label), so it is read once, not at every request (issue 29: that read was the first query of each
# of a table's requests, some 60 us of CPU). Its status and label are not read from here.
_tables: dict[tuple[str, str], groups.Item] = {}
KEPT_TABLES = 20_000


def _table_entry(code: str) -> groups.Item | None:
    key = (current_app.config["DATABASE"], code)
    found = _tables.get(key)
    if found is None:
        found = item_of(code)
        if found is not None and found.kind == groups.TABLE:
            if len(_tables) >= KEPT_TABLES:
                _tables.clear()
            _tables[key] = found
    else:
        g.setdefault("_items", {}).setdefault(code, found)      # item_of in this request: no read either
    return found


def table_item(code: str) -> groups.Item | None:
    """The table when this request may see it: by bearer token on the API, by group or grant on a page."""
    code = code.strip().upper()
    item = _table_entry(code)
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
    def look():
        item = groups.item(get_db(), code.strip().upper())
        if item is None or item.kind != groups.TABLE or item.token is None or not hmac.compare_digest(
                token.encode(), item.token.encode()):
            return None
        return item
    item = limits.guess(limits.LINK, look)
    if item is None:
        return False
    grant(item.id)
    return True


def join_with_code(code: str) -> bool:
    """A typed short code, for a phone at the same table: bounded per client, since codes are short."""
    def look():
        item = groups.item(get_db(), code.strip().upper())
        return item if item is not None and item.kind == groups.TABLE and item.status == groups.OPEN else None
    code = code.strip().upper()
    item = limits.guess(limits.CODE, look, ours=lambda: groups.played_from(get_db(), code, limits.client()))
    if item is None:
        return False
    grant(item.id)
    return True


def note_network(code: str) -> None:
    """This request's network plays at the table `code` (made or joined it): see limits.guess."""
    groups.note_network(get_db(), code, limits.client())
