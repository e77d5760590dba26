"""Issue 29, a pushed board's fixed costs: what every board a stream renders did again though nothing
had changed for it (its catalogue found, its address matched), and a block's context made through
Jinja's ChainMap of globals, name by name, at every render."""
from collections import ChainMap

from flask import has_request_context, request
from flask.ctx import RequestContext
from flask_babel import Domain
from jinja2_fragments.flask import render_block

from companion.web import i18n, table_view

from .test_games import KEYS, new_game, post
from .test_pushed_boards_shared import SEVEN, pushed
from .test_pushed_changes import read_event


def test_a_streams_boards_find_the_catalogue_language_and_address_once(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    phone = app.test_client()
    german = {"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}
    assert phone.get(f"/g/{code}?t={KEYS[code]}", headers=german).status_code == 303
    assert phone.get(f"/g/{code}?as=Bruno", headers=german).status_code == 200
    stream = f"/g/{code}/events"
    looked, matched = [], []
    translations, match = Domain.get_translations, RequestContext.match_request

    def counted_translations(self):
        if has_request_context() and request.path == stream:
            looked.append(1)
        return translations(self)

    def counted_match(self):
        if self.request.path == stream:
            matched.append(1)
        return match(self)
    monkeypatch.setattr(Domain, "get_translations", counted_translations)
    monkeypatch.setattr(RequestContext, "match_request", counted_match)
    asked, locale_of = [], i18n.get_locale
    monkeypatch.setattr(i18n, "get_locale", lambda: asked.append(request.path) or locale_of())
    phone.stream = iter(phone.get(stream, headers=german, buffered=False).response)
    assert read_event(phone.stream)["event"] == "changed"
    moves = [("Ana", "Lumber Yard"), ("Carla", "Stone Pit"), ("Bruno", "Clay Pool")]
    for version, (player, card) in enumerate(moves, start=2):
        assert post(client, code, player=player, action="build", card=card).status_code == 200
        board = pushed(phone, version)
        assert 'data-lang="de"' in board and 'data-seat="Bruno"' in board
        assert f"Letzter Zug: {player}" in board and "Last move" not in board
    # The stream's own request and its boards' one: each matched once, the catalogue found at the
    # first board (without: a look-up and a match more at each of the three boards).
    assert len(matched) == 2
    assert len(looked) == 1
    assert asked.count(stream) == 1     # the reader's language read when the stream opened (without: 4)


def test_a_block_is_rendered_as_jinja2_fragments_renders_it_without_the_globals_chain(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana").status_code == 200
    htmx = {"HX-Request": "true"}
    looked = []
    chained = ChainMap.__getitem__
    monkeypatch.setattr(ChainMap, "__getitem__", lambda self, key: looked.append(key) or chained(self, key))
    ours = client.get(f"/g/{code}/board?v=0", headers=htmx).get_data(as_text=True)
    assert 'data-seat="Ana"' in ours and 'data-act-for="Ana"' in ours
    assert looked == []              # without: each of the template's globals looked up through the chain
    table_view._boards.items.clear()
    monkeypatch.setattr(table_view, "partial", render_block)
    assert client.get(f"/g/{code}/board?v=0", headers=htmx).get_data(as_text=True) == ours and looked
    # A global set after the template was loaded is seen, as through its ChainMap.
    monkeypatch.undo()
    table_view._boards.items.clear()
    monkeypatch.setitem(app.jinja_env.globals, "current_lang", lambda: "xx")
    assert 'data-lang="xx"' in client.get(f"/g/{code}/board?v=0", headers=htmx).get_data(as_text=True)


def test_a_text_said_in_a_template_is_jinjas_gettext_called_at_once(app, client, monkeypatch):
    from jinja2.ext import _gettext_alias
    from jinja2.runtime import Context
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana&lang=de").status_code == 200
    assert post(client, code, player="Bruno", action="build", card="Stone Pit").status_code == 200
    htmx = {"HX-Request": "true"}
    resolved = []
    resolve = Context.resolve_or_missing
    monkeypatch.setattr(Context, "resolve_or_missing",
                        lambda self, key: (key == "gettext" and resolved.append(key)) or resolve(self, key))
    ours = client.get(f"/g/{code}/board?v=0", headers=htmx).get_data(as_text=True)
    assert "Letzter Zug: Bruno" in ours and "Ana spielt" in ours
    assert resolved == []            # without: `_` looked `gettext` up in the context for each text
    table_view._boards.items.clear()
    table_view._shared.items.clear()
    monkeypatch.setitem(app.jinja_env.globals, "_", _gettext_alias)      # Jinja's own: the same board
    assert client.get(f"/g/{code}/board?v=0", headers=htmx).get_data(as_text=True) == ours and resolved


def test_the_status_is_said_once_a_language_list_and_phase(app, monkeypatch):
    from companion.web import table_words
    said = []
    ngettext = table_words.ngettext
    monkeypatch.setattr(table_words, "ngettext", lambda *a, **k: said.append(a[0]) or ngettext(*a, **k))
    table_words._waiting.cache_clear()
    state = {"waiting_for": ["Ana", "Zoë <&>"], "phase": "pick", "over": False}
    seats = ("Ana", "Zoë <&>", "Bruno", "Bruno")         # two waited for, then Bruno's card is in (twice)
    heard = {}
    for lang in ("de", "fr"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            said.clear()
            boards = [table_words.waiting(state, seat) for seat in seats]
            assert boards[0] == boards[1] and boards[2] == boards[3] and boards[0] != boards[2]
            assert all("Ana" in b and "Zoë <&>" in b for b in boards)
            assert len(said) == 2                 # each of the two sentences said once (without: 4)
            heard[lang] = boards
            # as said without keeping: the same words
            assert boards == [table_words._waiting.__wrapped__(tuple(state["waiting_for"]), "pick", seat == "Bruno",
                                                               lang) for seat in seats]
    assert heard["de"][0].startswith("Warten auf") and heard["fr"] != heard["de"]
