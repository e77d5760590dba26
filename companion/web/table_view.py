"""A tracked game's board as a page shows it: what this phone may play, and the game in words.

Everything about the game comes from its rules (engine/tracked.py) and what is
played (catalog/plays.py): the moves a seat may post (listed, or chosen card
by card and priced on asking), which moves stay hidden, the names of cards in
the reader's language. This module names no game.
"""
from __future__ import annotations

import functools
import re
import threading
import unicodedata
from collections import OrderedDict
from urllib.parse import urlencode

from flask import current_app, g, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from jinja2.filters import do_urlencode
from markupsafe import Markup, escape

from ..catalog import LookupFailed, catalog
from ..catalog.model import Game
from ..catalog.plays import Play
from ..engine.errors import BadInput
from ..engine.messages import full_stop, render
from ..engine.tracked import EVERY_SEAT
from ..store import games as store
from . import access, csrf, table_words
from .i18n import KeptNames, current, words
from .render import partial
from .tables_api import state_json

CONFIRM_UNDO = "confirm-undo"

# A verb of a pick's form, and what the table waits for, in the reader's words. A verb is short: a closed
# menu shows one line, and "Eine Weltwunder-Stufe bauen mit" was cut on a phone (test_action_words_fit).
VERBS = {"build": _l("Build"), "stage": _l("Wonder stage"), "sell": _l("Sell"),
         "discard-build": _l("Build from the discard"), "pass": _l("Pass")}
# A priced move's button as one sentence, so each language puts the card where it goes ("Erzbergwerk
# bauen", not "Bauen Erzbergwerk": the verb and the card's name were two words side by side).
MOVES = {"build": _l("Build %(card)s"), "stage": _l("Build a wonder stage with %(card)s"),
         "sell": _l("Sell %(card)s"), "discard-build": _l("Build %(card)s from the discard")}
WAITS = {"progress": _l("choose a progress token"), "library": _l("choose a token from the Great Library"),
         "destroy": _l("choose a card to destroy"), "rebuild": _l("choose a card from the discard"),
         "starter": _l("choose who starts the next age"), "draw": _l("draw tokens for the Great Library"),
         "reveal": _l("enter the card turned face up"), "pick": _l("choose a wonder")}
# The Duel's own names for three of them (its state's Wait): the board said "(a choice to make)" instead.
WAITS.update(pick_wonder=WAITS["pick"], library_pick=WAITS["library"], library_draw=WAITS["draw"])


def template_helpers(app) -> None:
    """Filters and globals the table's templates use."""
    def combine_pay(doc: dict, option: dict) -> dict:
        """The action with the payment split this button stands for."""
        if option and ("left" in option or "right" in option):
            return {**doc, "pay": {"left": option.get("left", 0), "right": option.get("right", 0)}}
        return doc
    app.jinja_env.filters["combine_pay"] = combine_pay
    app.jinja_env.globals["verb_word"] = lambda verb: VERBS.get(verb, verb)

    def move_words(verb: str, card: str) -> str:
        """A priced move in words: "Sell Stockade", "Erzbergwerk bauen"."""
        if verb in MOVES and card:
            return str(MOVES[verb]) % {"card": card}
        return f"{VERBS.get(verb, verb)} {card}".strip()
    app.jinja_env.globals["move_words"] = move_words
    app.jinja_env.globals["shared"] = shared
    app.jinja_env.globals["chosen_pick"] = chosen_pick
    app.jinja_env.globals["seat_chips"] = seat_chips
    # A wait of a box's rules the board's moves say in full: a plain word here, never its code.
    app.jinja_env.globals["wait_word"] = lambda wait: WAITS.get(wait, _("a choice to make"))


class Kept:
    """A bounded map, least recently used out first; safe across threads and greenlets."""

    def __init__(self, size: int):
        self.size, self.items, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


class PerTable:
    """What a table's boards ask again and again, kept a table as long as it is asked: the entries
    asked at the table's latest version, and those of the version before asked again at it (carried
    over), so a table holds its live entries only, however long its game; a table's all go when
    `tables` others have been asked since. Safe across threads and greenlets.

    Issue 29: fixed counts of entries (65,536 lines of the log, 8,192 of the moves and card lists)
    evicted entries still in use at 1,000 tables in long games: the log alone holds 50-70 lines a
    table at mid-game, and each version's entries stayed beside the live ones until pushed out."""

    def __init__(self, tables: int = 8192):
        self.tables, self.items, self.lock = tables, OrderedDict(), threading.Lock()

    def _at(self, table, version: int, create: bool) -> list | None:
        """The table's [version, current, previous] entries, moved on to `version` if it is newer."""
        kept = self.items.get(table)
        if kept is None:
            if not create:
                return None
            kept = self.items[table] = [version, {}, {}]
            while len(self.items) > self.tables:
                self.items.popitem(last=False)
            return kept
        self.items.move_to_end(table)
        if version > kept[0]:
            kept[:] = [version, {}, kept[1]]
        return kept

    def get(self, table, version: int, key):
        with self.lock:
            kept = self._at(table, version, False)
            if kept is None:
                return None
            found = kept[1].get(key)
            if found is None:
                found = kept[2].pop(key, None)
                if found is not None:
                    kept[1][key] = found
            return found

    def put(self, table, version: int, key, value) -> None:
        with self.lock:
            self._at(table, version, True)[1][key] = value

    def __len__(self) -> int:
        with self.lock:
            return sum(len(kept[1]) + len(kept[2]) for kept in self.items.values())


class Query(dict):
    """A request's query as a plain dict, asked as werkzeug's (`get(key, default, type)`, a name's first
    value): werkzeug's get raises and catches an exception for each name the query lacks, and a board
    asks some eight a seat (issue 29)."""

    def get(self, key, default=None, type=None):
        if key not in self:
            return default
        value = self[key]
        if type is None:
            return value
        try:
            return type(value)
        except (ValueError, TypeError):
            return default


_NO_QUERY = Query()


def query() -> Query:
    """This request's query arguments (see Query)."""
    args = request.args
    return Query(args.to_dict()) if args else _NO_QUERY


def _reader() -> tuple[str, str]:
    """This request's database and the reader's language, found once a request: Flask-Babel's
    locale is several context look-ups and a string built again at each ask (a dozen a board).
    Read from the request's own `g` (some 50 asks a move: the proxy's `get` cost 0.7 us, this 0.2)."""
    real = g._get_current_object()
    kept = getattr(real, "_table_reader", None)
    if kept is None:
        kept = real._table_reader = (current_app.config["DATABASE"], current())
    return kept


# The parts of a board every phone at a table sees alike (the cities, the log in words), rendered once
# per game version and language and reused for every phone that asks (issue 29: after a move, each
# other phone asks for its board at once; these parts were most of each render). One entry a table,
# language and part, holding its latest render: a version's log or a turn's cities, once passed, take
# no room. A table keeps about ten (cities, log, each seat's price form and chips): at 1,000 tables
# the 8,192 entries kept per version and content had their least recently used evicted before their
# table's next move, about two renders of a part more a move (one process, 1,000 tables, 3,000 moves).
_shared = Kept(32768)


def shared(table: store.Table, name: str, content=None, *, caller) -> Markup:
    """`{% call shared(table, "cities") %}…{% endcall %}`: the block as rendered for this version and
    language, rendered at most once. Only for what names no seat and holds no form (no CSRF token).

    With `content` (everything the block shows, compared with ==), it is reused across versions
    too: a move kept hidden until its turn resolves changes no city and no other seat's pick form."""
    stamp = table.version if content is None else ("as", content)
    key = (*_reader(), table.code, name)
    found = _shared.get(key)
    if found is None or found[0] != stamp:
        found = (stamp, Markup(caller()))
        _shared.put(key, found)
    return found[1]


# A phone's board with no picks of its own under way (no slot, card or price chosen, no message) is
# the same for every phone of one seat, language and guest-ness but for the form token its forms
# carry: rendered once a version for them, kept with a mark where the token goes, and each phone's
# token put in (issue 29: a pushed board was rendered again for every phone, and a mover's answer
# again for its own stream in the other worker).
_boards = Kept(1024)
TOKEN_MARK = "\ue000token\ue000"        # a private-use character: in no rendered text
# The board's own query arguments that are a phone's picks under way (anything else: its version).
PICKS = frozenset({"slot", "player", "action", "card", "free", "q", "as"})


def board_kind(code: str, seat: str | None, lang: str, guest: bool) -> tuple:
    """What a plain board shows besides the game's version: the phones alike for it."""
    return (current_app.config["DATABASE"], code.upper(), seat, lang, guest)


def kept_board(kind: tuple, version: int, token: str) -> str | None:
    """The plain board of `kind` at `version` with `token` put in, if rendered already."""
    found = _boards.get((kind, version))
    return None if found is None else found.replace(TOKEN_MARK, token)


def plain_board(table: store.Table) -> str | None:
    """This phone's board (the table template's `board` block) when it has no picks under way,
    rendered once a version for its seat, language and guest-ness; None when it has picks (they
    are rendered for it alone)."""
    if not PICKS.isdisjoint(request.args):
        return None
    token = csrf.token()
    kind = board_kind(table.code, seat_of(table), _reader()[1], _guest(table))
    found = kept_board(kind, table.version, token)
    if found is None:
        found = partial("games/table.html", "board", **board_context(table))
        _boards.put((kind, table.version), found.replace(token, TOKEN_MARK))
    return found


# A price asked (a seat's action form, priced) is the same for every phone of one seat, language and
# guest-ness at one version and choice but for the token its move forms carry: rendered once, then a
# look-up (issue 29: a player changing their mind asks the same card again; several phones of a seat).
_priced = Kept(4096)
# The price form's fields, as its GET sends them (what a priced section shows besides the game).
PICK_FIELDS = ("player", "action", "card", "free")


def priced_pick(table: store.Table, player: str | None) -> tuple[str, str] | None:
    """The answer to a price asked through htmx: the seat's section, priced as asked (the template's
    `pick` block), and the table's address with the choice (as the page without JavaScript reads it);
    None when this phone picks no card for `player` now. Kept by the board's kind (board_kind),
    version and the choice asked."""
    args = query()
    token = csrf.token()
    seat = seat_of(table)
    key = (board_kind(table.code, seat, _reader()[1], _guest(table)), table.version, request.script_root,
           tuple(args.get(k) for k in PICK_FIELDS))
    found = _priced.get(key)
    if found is None:
        context = pick_context(table, player)
        if context is None:
            return None
        chosen = {k: v for k, v in args.items() if k in PICK_FIELDS and v}
        found = (partial("games/table.html", "pick", **context).replace(token, TOKEN_MARK),
                 _with_query(table_urls(table.code)["table"], chosen))
        _priced.put(key, found)
    return found[0].replace(TOKEN_MARK, token), found[1]


def _with_query(address: str, args: dict) -> str:
    """An address with query arguments, as url_for adds them (werkzeug's own encoding): url_for with
    the choice was some 20 us a price asked (issue 29), the table's address being known already."""
    return f"{address}?{urlencode(list(args.items()), safe=URL_SAFE)}" if args else address


URL_SAFE = "!$'()*,/:;?@"        # what werkzeug leaves unquoted in a query (werkzeug.urls._urlencode)


def _guest(table: store.Table) -> bool:
    item = access.item_of(table.code)
    return item is not None and access.is_guest_at(item)


def seat_of(table: store.Table) -> str | None:
    """Who this phone acts for: a player's name, "all" at a one-phone table, None until it says."""
    key = f"seat:{table.code}"
    chosen = request.values.get("as")
    if chosen is not None and (chosen == EVERY_SEAT or chosen in table.names):
        session[key] = chosen
    return session.get(key)


def _said(table: store.Table, entry: dict, hidden: bool = False) -> str:
    """A logged move in the reader's words, as the game's rules describe it."""
    return _say(table.tracked.describe(table.state, entry, hidden, tuple(table.names)))


# A logged move's words: the table's whole log is asked at each version, so its lines stay while it plays.
_lines = PerTable()


def _log_items(table: store.Table, state: dict) -> Markup:
    """The moves in words as the log's <li> items, newest last; choices made at once stay hidden
    until their turn resolves.

    A logged move's words never change (a move hidden, then shown, is two lines): each is said and
    escaped once a language, not again at every version (the log grows with the game)."""
    reader, shown = _reader(), len(state["log"]) - table.tracked.hidden_choices(table.state)
    return Markup("".join(_line(table, entry["version"], entry, i >= shown, reader)[1]
                          for i, entry in enumerate(state["log"])))


def _line(table: store.Table, seq: int, entry: dict, concealed: bool, reader=None) -> tuple[str, str]:
    """The move logged at `seq` in words, and as the log's item, said once a language (and once more
    when shown)."""
    database, lang = reader or _reader()
    key = (lang, seq, concealed)
    found = _lines.get((database, table.code), table.version, key)
    if concealed:
        # The move's own words, said for its mover's undo at its version, kept until its turn resolves and
        # the log shows them (issue 29: dropped two versions on, each turn's were said again at its end).
        _lines.get((database, table.code), table.version, (lang, seq, False))
    if found is None:
        line = _said(table, entry, hidden=concealed)
        found = (line, f"<li>{escape(line)}</li>")
        _lines.put((database, table.code), table.version, key, found)
    return found


def _undo_offer(table: store.Table, seat: str | None) -> dict | None:
    """What "undo" would take back, and whether this phone may do it at once (its own move, or chance)."""
    if not table.log:
        return None
    seq, last = table.log[-1]
    who = last.get("player")
    hidden = table.tracked.hidden_choices(table.state) > 0          # a turn resolved shows its moves
    return {"what": _line(table, seq, last, hidden and who != seat)[0],
            "who": who, "own": not who or seat == EVERY_SEAT or seat == who}


def _taken_back(table: store.Table, seat: str | None) -> str | None:
    """The table's newest event an undo: who took back what, on every phone. It was said only in the
    closed "Moves" log: walked in pt and de, Bruno's wonder left Ana's board with "Last move: Walls
    revealed" and no word. A pick the other seats had not seen yet (the undo keeps whether it was hidden,
    store.undo) is told to them as a card chosen, not named; its own seat reads it named."""
    last_action = table.log[-1][0] if table.log else 0
    if not table.undos or table.sheet is not None or table.version <= last_action:
        return None
    entry = table.undos[-1]
    action, who = entry["action"], entry["action"].get("player")
    concealed = bool(who) and seat not in (who, EVERY_SEAT) and entry.get("hidden", True)
    return table_words.undone(entry, _said(table, action, hidden=concealed))


_states = PerTable()


def _state_of(table: store.Table) -> dict:
    """The game as the contract shows it, built once a version (read only from here on)."""
    kept = (_reader()[0], table.code)
    found = _states.get(kept, table.version, table.version)
    if found is None:
        found = state_json(table)
        _states.put(kept, table.version, table.version, found)
    return found


_seat_moves = PerTable()


def _for_seat(table: store.Table, what: str, seat: str | None) -> tuple:
    """The rules' legal_moves or picks for a seat, asked once a version (pure functions of the
    state: a board and each price asked for it asked them again)."""
    kept, key = (_reader()[0], table.code), (table.version, what, seat)     # an older version asked: its own
    found = _seat_moves.get(kept, table.version, key)
    if found is None:
        found = tuple(getattr(table.tracked, what)(table.state, table.names, seat))
        _seat_moves.put(kept, table.version, key, found)
    return found


_urls = Kept(16384)


def table_urls(code: str) -> dict[str, str]:
    """The addresses a board's forms post or ask to, built once a table (url_for at each form was a
    tenth of a board's render)."""
    key = (request.script_root, code)
    found = _urls.get(key)
    if found is None:
        found = {"act": url_for("games.act_form", code=code), "undo": url_for("games.undo_form", code=code),
                 "sheet": url_for("games.sheet", code=code), "price": url_for("games.price", code=code),
                 "table": url_for("games.table", code=code), "board": url_for("games.board", code=code)}
        _urls.put(key, found)
    return found


# A seat's hand stays over several versions (each seat's pick of a turn): kept while its table asks it.
_options = PerTable()


def _card_options(table: store.Table, play: Play, cards, label) -> tuple[tuple[str, ...], str]:
    """A pick's cards sorted by their names in the reader's language, and their <option>s, built once
    a language and set of cards (each price asked rendered and sorted the same 20-odd names again)."""
    database, lang = _reader()
    key = (play.game, play.edition, lang, tuple(cards))
    found = _options.get((database, table.code), table.version, key)
    if found is None:
        ordered = tuple(sorted(cards, key=label))
        found = (ordered, "".join(f'<option value="{escape(c)}">{escape(label(c))}</option>' for c in ordered))
        _options.put((database, table.code), table.version, key, found)
    return found


def _chosen_option(options: str, card: str | None) -> Markup:
    """The <option>s with the chosen card's marked selected."""
    if card:
        plain = f'<option value="{escape(card)}">'
        options = options.replace(plain, plain[:-1] + " selected>", 1)
    return Markup(options)


def seat_chips(chips: str, seat: str) -> Markup:
    """The table's seat chips (every seat's, none marked: one render a table and language) with this
    phone's own marked "on" (issue 29: each seat's chips were rendered apart, one render a phone at a
    restart, all its seats' boards new)."""
    plain = f'<a class="chip" href="?as={escape(do_urlencode(seat))}">'      # each chip of that seat, as before
    return Markup(str(chips).replace(plain, plain.replace('"chip"', '"chip on"', 1)))


_NO_CARD = re.compile(r'<option value="">[^<]*</option>')
CARD_SELECT = '<select name="card"'


def chosen_pick(form: str, f: dict) -> Markup:
    """A seat's price form, kept once a hand with nothing chosen, with this phone's choice marked: its
    action and card selected (the card's "Which card?" gone), its free build ticked (issue 29: the
    form was rendered again for each card asked, a price's first ask rendering it whole)."""
    actions, select, cards = str(form).partition(CARD_SELECT)
    if f["action"]:
        plain = f'<option value="{escape(f["action"])}">'
        actions = actions.replace(plain, plain[:-1] + " selected>", 1)
    if f["card"] and select:
        cards = str(_chosen_option(_NO_CARD.sub("", cards, count=1), f["card"]))
    text = actions + select + cards
    if f["doc"] and f["doc"].get("free"):
        text = text.replace('name="free" value="1">', 'name="free" value="1" checked>', 1)
    return Markup(text)


def _why_not_built(table: store.Table, offered: list[dict]) -> str | None:
    """Why a card chosen that may be taken is not offered to build (only discarded, or a wonder), in the
    rules' words: the slot offered "Discard" alone and said nothing of the coins missing."""
    if not offered or any(m["doc"].get("action") == "build" for m in offered):
        return None
    try:
        quote = table.tracked.quote(table.state, {**offered[0]["doc"], "action": "build"}, table.names)
    except BadInput:              # a move of a box that builds nothing: nothing to say
        return None
    return None if quote["legal"] else full_stop(_say(quote["message"]))


def _entry_later(state: dict, chosen: int | None, reveal_slot: int | None) -> str | None:
    """A ✎ slot (a card turned face up, not yet entered) tapped while the table waits for another
    entry first: why it cannot be entered now (the tap showed nothing, or "It is Ana's turn to play
    a card" to Ana choosing a progress token)."""
    if chosen is None or reveal_slot is not None or state["over"]:
        return None
    slot = next((s for s in state.get("pyramid", ()) if s["slot"] == chosen), None)
    if slot is None or not slot["face_up"] or slot["taken"] or slot.get("card"):
        return None
    wait = WAITS.get(state.get("waiting_for"))
    return table_words.entry_later(chosen + 1, state.get("to_move"), str(wait) if wait else None)


def _box_wait(table: store.Table) -> str | None:
    """The entry a box's follow-up waits for and whose it is, as the rules say it ("Player Bruno places a
    divinity in the Pantheon first."): `waiting_for` alone gave "(a choice to make)" or "enter what was
    turned over" to the phone that waits."""
    waiting = getattr(table.tracked, "waiting", None)
    return _say(waiting(table.state, tuple(table.names))) if waiting else None


def _first_wait(state: dict) -> str | None:
    """What the player to move must do before taking a card (a progress token), said to a card tapped."""
    wait = WAITS.get(state.get("waiting_for"))
    who = state.get("to_move")
    return table_words.first_wait(who, str(wait)) if wait and who and who != "chance" else None


def board_context(table: store.Table, message: str | None = None) -> dict:
    state = _state_of(table)
    seat = seat_of(table)
    rules, args = table.tracked, query()         # each a look-up (a context proxy, the rules' table): once
    play = rules.play_of(table.state)
    label = namer(play, getattr(rules, "words_for", None))
    moves, slot_moves, reveals = [], {}, {}
    if not state["over"]:
        for move in _for_seat(table, "legal_moves", seat):
            if move.reveal:
                reveals.setdefault(move.slot, []).append({"doc": move.doc, "label": label(move.doc["card"])})
                continue
            said = _say(move.label) if move.label is not None else move_label(move.doc, play, label)
            entry = {"doc": move.doc, "label": said, "cost": move.cost}
            if move.slot is not None:
                slot_moves.setdefault(move.slot, []).append(entry)
            else:
                moves.append(entry)
    forms = _pick_forms(table, state, seat, label, args=args, play=play)
    rows: dict[int, list] = {}
    for slot in state.get("pyramid", []):
        rows.setdefault(slot["row"], []).append(slot)
    chosen = args.get("slot", type=int)
    reveal_slot = chosen if chosen in reveals else min(reveals) if reveals else None
    why_not = _why_not_built(table, slot_moves.get(chosen, []))
    later = _entry_later(state, chosen, reveal_slot)
    return {"table": table, "play": play, "state": state, "seat": seat, "moves": moves, "slot_moves": slot_moves,
            "cities_key": _cities_key(table, state), "urls": table_urls(table.code), "guest": _guest(table),
            "label": label, "forms": forms, "words": table_words,
            # Things named in a row ("Baths, Altar"; "—" for none): a template loop was most of a city.
            "names": lambda ids: ", ".join(map(label, ids)) or "\u2014",
            # Called only when the log is rendered, not when it is reused (shared).
            "log_items": lambda: _log_items(table, state),
            "undos": lambda: [table_words.undone(u, _said(table, u["action"], hidden=u.get("hidden", False)))
                              for u in table.undos],
            "undo": _undo_offer(table, seat), "taken_back": _taken_back(table, seat),
            "confirm_undo": message == CONFIRM_UNDO,
            "loot": {t["position"]: t["coins"] for t in state.get("loot", [])},
            "rows": [rows[r] for r in sorted(rows)], "chosen": chosen, "message": message, "why_not": why_not,
            "tapped": chosen is not None and "v" not in args,     # the slot's own answer, not a pushed board
            "entry_later": later, "first_wait": lambda: _first_wait(state), "box_wait": lambda: _box_wait(table),
            "english_note": english_note(table, play, state, [m["doc"] for ms in (moves, *slot_moves.values(),
                                                                                   *reveals.values()) for m in ms]),
            "reveal_slot": reveal_slot, "reveal_left": len(reveals), "q": args.get("q", ""),
            "reveal": _unseen_cards(reveals.get(reveal_slot, []), args.get("q", "")) if reveals else []}


def pick_context(table: store.Table, player: str | None) -> dict | None:
    """What one seat's action form shows, priced as asked (?player=&action=&card=): the answer to a
    price asked through htmx (issue 29: that section alone, not the whole board rendered again).
    None when this phone picks no card for `player` now (its turn is over, or not its seat)."""
    state, seat = _state_of(table), seat_of(table)
    label = namer(table.play)
    forms = [f for f in _pick_forms(table, state, seat, label, only=player) if f["player"] == player]
    if not forms or state["over"]:
        return None
    return {"table": table, "play": table.play, "state": state, "seat": seat, "f": forms[0], "label": label,
            "words": table_words, "urls": table_urls(table.code)}


def _cities_key(table: store.Table, state: dict) -> tuple:
    """What the cities show (players and scores), compared as they are: the same cities are not
    rendered again for a move that changed none of them. Not as one JSON string (issue 29: its
    json.dumps, sorted, was some 3% of a move's answer, the comparison of the lists is C's)."""
    return state["players"], state.get("score")


def _folded(text: str) -> str:
    """For searching: no case, no accents ("ecole" finds "École")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _unseen_cards(entries: list[dict], q: str) -> list[dict]:
    """The cards a slot may show (this age's cards not yet seen), by name in the reader's language."""
    wanted = _folded(q.strip())
    return sorted((e for e in entries if wanted in _folded(e["label"])), key=lambda e: _folded(e["label"]))


def _pick_forms(table: store.Table, state: dict, seat: str | None, label, only: str | None = None, *,
                args=None, play: Play | None = None) -> list[dict]:
    """One action form for each seat this phone acts for that picks a card the app cannot list.

    A chosen card and action (?player=&action=&card=) come back priced by the
    engine, with every cheapest way to pay as its own button.
    """
    args = query() if args is None else args
    play = table.play if play is None else play
    forms = []
    for pick in _for_seat(table, "picks", seat):
        name = pick.player
        if only is not None and name != only:
            continue
        city = next((c for c in state["players"] if c["name"] == name), {})
        cards, options = _card_options(table, play, pick.cards, label)
        form = {"player": name, "city": city, "verbs": pick.verbs, "cards": cards, "instead": None,
                "quote": None, "doc": None, "free_build": pick.free_build, "action": None, "card": None}
        asked = args.get("action")
        if args.get("player") == name:          # what this phone has picked so far stays picked
            form["action"], form["card"] = asked, args.get("card")
        form["card_options"] = Markup(options)          # the card asked is marked by chosen_pick
        if args.get("player") == name and asked in pick.verbs and (asked == "pass" or args.get("card")):
            doc = {"player": name, "action": asked}
            if doc["action"] != "pass":
                doc["card"] = args.get("card", "")
            if args.get("free"):
                doc["free"] = True
            try:
                form["quote"] = table.tracked.quote(table.state, doc, table.names)
                form["quote"]["reason"] = full_stop(_say(form["quote"].pop("message", None)) or form["quote"]["reason"])
            except BadInput as exc:
                form["quote"] = {"legal": False, "reason": full_stop(_say(exc)), "options": []}
            form["doc"] = doc
            form["instead"] = _instead(table, pick, doc, form["quote"])
        # Everything its price form shows before a choice is marked (table_view.shared, chosen_pick): alike
        # across versions and choices until the hand changes.
        form["key"] = (name, tuple(pick.verbs), tuple(form["cards"]), bool(pick.free_build))
        forms.append(form)
    return forms


def _instead(table: store.Table, pick, doc: dict, quote: dict) -> dict | None:
    """A card refused for the move asked, priced for a move it may take instead, offered beside the
    reason (issue 29: the player asked again, a second request, for the usual way out): the move open
    with any card first (a sale), else the pick's other moves in order. The Free City may sell only a
    card it cannot play: its refusals (a sale, a build too dear) came with nothing beside them."""
    if quote.get("legal") or not pick.fallback or not doc.get("card"):
        return None
    ways = (pick.fallback, *(v for v in pick.verbs if v != pick.fallback))
    for verb in ways:
        if verb == doc.get("action"):
            continue
        other = {"player": doc["player"], "action": verb, "card": doc["card"]}
        try:
            priced = table.tracked.quote(table.state, other, table.names)
        except BadInput:
            continue
        if priced.get("legal"):
            return {"doc": other, "quote": priced}
    return None



def namer(play: Play, own_words=None):
    """id -> the name in the reader's language, as the box of the table's play prints it (or, with
    `own_words`, as the game's rules word a thing the catalog names in English only)."""
    names = _names(play, _reader()[1])
    posted: dict[str, str] = {}

    def label(ident) -> str:
        if not ident:
            return ""
        worded = own_words(ident) if own_words is not None else None
        if isinstance(worded, str):    # a copy of a thing the catalog names once (Agora's senator cards)
            ident = worded
        elif worded is not None:
            return _say(worded)
        if ident in names:
            return names[ident]
        if ident not in posted:        # the log keeps what was posted: a printed name, in any language
            try:
                posted[ident] = names.get(catalog().find(play.game, play.edition, ident).id, ident)
            except Exception:          # nothing the catalog knows: show it as posted
                posted[ident] = ident
        return posted[ident]
    return label


def _names(play: Play, lang: str) -> dict[str, str]:
    """Every entity's name in one language (of the play's box, or of every edition when it has
    one), built once: the catalog does not change while serving, and building it was a tenth of
    each board's time. Kept by game and edition (hashing a whole Play was most of a look-up)."""
    return _names_of(play.game, play.edition, lang, play.expansions)


@functools.lru_cache(maxsize=64)
def _names_of(game: str, edition: int | None, lang: str, boxes: tuple[str, ...] = ()) -> dict[str, str]:
    return {e.id: _named(e, lang) for e in _entities_of(game, edition, boxes)}


def _entities_of(game: str, edition: int | None, boxes: tuple[str, ...]) -> list:
    cat = catalog()
    found = [e for one in cat.editions(game) if edition is None or one == edition for e in cat.entities(game, one)]
    for box in boxes:                  # the boxes' things: senators, temples, divinities, tokens...
        found += cat.box_list(game, edition, box)
    return found


# After a name no source gives in the reader's language (a box's divinity, token or conspiracy): its
# English one, marked, and the board says so once (english_note). Shown bare, "Corruption" or
# "Engineering" read as Portuguese among "Agricultura, Arquitetura" (walked in pt, Agora and Pantheon).
EN_MARK = " *"


def _named(entity, lang: str) -> str:
    own = lang == "en" or any(local.lang == lang for local in entity.local_names())
    return entity.name_in(lang) if own else entity.name_in(lang) + EN_MARK


@functools.lru_cache(maxsize=64)
def _unnamed_of(game: str, edition: int | None, lang: str, boxes: tuple[str, ...] = ()) -> frozenset[str]:
    """The ids this play's reader sees by their English name, marked."""
    return frozenset(i for i, name in _names_of(game, edition, lang, boxes).items() if name.endswith(EN_MARK))


def _strings(value) -> set[str]:
    found, todo = set(), [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
    return found


_state_strings = PerTable()


def english_note(table: store.Table, play: Play, state: dict, docs: list) -> bool:
    """Whether the board names a thing by its marked English name: an id of one in the state (its
    strings gathered once a version) or in a move offered. A base game read in a language with every
    name has none, and nothing is looked at."""
    unnamed = _unnamed_of(play.game, play.edition, _reader()[1], play.expansions)
    if not unnamed:
        return False
    kept = (_reader()[0], table.code)
    shown = _state_strings.get(kept, table.version, table.version)
    if shown is None:
        shown = frozenset(_strings(state))
        _state_strings.put(kept, table.version, table.version, shown)
    return not unnamed.isdisjoint(shown) or not unnamed.isdisjoint(_strings(docs))


class _MarkedNames(KeptNames):
    """The engine's sentences (a move offered, a logged move, a refusal) naming a thing as the namer
    does: its English name marked when no source names it in the reader's language."""

    def name(self, ref) -> str:
        found = super().name(ref)
        key = (ref, self.lang)
        marked = _MARKED.get(key)
        if marked is None:
            try:
                entity = catalog().get(ref.game if isinstance(ref.game, Game) else Game.from_contract(ref.game)
                                       or Game.parse(ref.game), ref.edition, ref.id)
            except LookupFailed:       # an id the catalog does not hold: shown as it is, unmarked
                marked = False
            else:
                marked = self.lang != "en" and not any(local.lang == self.lang for local in entity.local_names())
            _MARKED[key] = marked
        return found + EN_MARK if marked else found


_MARKED: dict = {}          # (a thing named, a language): a few hundred entries a language at most


def _say(message) -> str | None:
    """`say`, a thing with no name in the reader's language marked (one set of words a request)."""
    plain = words()
    real = g._get_current_object()
    kept = getattr(real, "_companion_marked", None)
    if kept is None or kept[0] is not plain:
        kept = real._companion_marked = (plain, _MarkedNames(plain.t, plain.lang))
    return render(getattr(message, "msg", message), kept[1])


def move_label(doc: dict, play: Play, label=None) -> str:
    """A listed move's button: "Build Baths", "Discard Baths for coins", a token's or wonder's name
    (named by `label`, the board's namer, when given)."""
    cat, lang = catalog(), _reader()[1]

    def name(kind, ident):
        if label is not None:
            return label(ident)
        try:
            return cat.find(play.game, play.edition, ident, kinds=(kind,), boxes=play.expansions).name_in(lang)
        except Exception:          # an id the catalog does not name: show it as it is
            return ident
    verb = doc["action"]
    if verb == "build":
        return _("Build %(card)s", card=name("card", doc["card"]))
    if verb == "discard":
        return _("Discard %(card)s for coins", card=name("card", doc["card"]))
    if verb == "wonder":
        return _("Build %(wonder)s with %(card)s", wonder=name("wonder", doc["wonder"]), card=name("card", doc["card"]))
    if verb in ("progress", "library", "draw", "show-progress"):
        return name("progress", doc["token"])
    if verb in ("pick", "show-wonder"):
        return name("wonder", doc["wonder"])
    if verb in ("destroy", "rebuild"):
        return name("card", doc["card"])
    if verb == "start":
        return _("%(name)s starts the next age", name=doc["starts"])
    if verb == "reveal":
        return name("card", doc["card"])
    return verb
