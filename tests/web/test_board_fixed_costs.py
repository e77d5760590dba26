"""Issue 29, a board's fixed costs (tenth session): what each board render did again that no board
needed: a context derived for each text said, the default context processor run twice, an exception
raised and caught for each query name a board lacks, the rules found by the game's name, the
phone's slot of answered.py hashed twice a pushed board, url_for for a price's address."""
import flask.templating
from flask import url_for
from jinja2.runtime import Context
from werkzeug.exceptions import BadRequestKeyError

from companion.catalog import model
from companion.engine import tracked
from companion.web import answered, table_view

from .test_games import new_game, post
from .test_pushed_boards_shared import SEVEN, phone_at, pushed

HTMX = {"HX-Request": "true"}


def test_a_boards_texts_derive_no_context(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana&lang=de").status_code == 200
    assert post(client, code, player="Bruno", action="build", card="Stone Pit").status_code == 200
    derived = []
    derive = Context.derived
    monkeypatch.setattr(Context, "derived", lambda self, *a: derived.append(1) or derive(self, *a))
    board = client.get(f"/g/{code}/board?v=0", headers=HTMX).get_data(as_text=True)
    assert "Letzter Zug: Bruno" in board and "Ana spielt" in board
    # The seat's section is a scoped block (one derived context); each text said derived one more.
    assert len(derived) == board.count("data-act-for=")


def test_a_text_with_a_count_is_said_and_escaped_as_jinjas_own(app):
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        said = app.jinja_env.from_string(
            "{{ ngettext('%(num)s coin', '%(num)s coins', n) }}|{{ _('Last move: %(move)s', move=m) }}"
        ).render(n=3, m="<b>")
    assert said == "3 Münzen|Letzter Zug: &lt;b&gt;"


def test_the_default_context_processor_runs_once_a_board(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana").status_code == 200
    ran = []
    default = flask.templating._default_template_ctx_processor

    def counted():
        ran.append(1)
        return default()
    for funcs in app.template_context_processors.values():
        funcs[:] = [counted if f is default else f for f in funcs]
    assert 'data-seat="Ana"' in client.get(f"/g/{code}/board?v=0", headers=HTMX).get_data(as_text=True)
    assert len(ran) == 1             # without: once for the app, again for the games blueprint


def test_a_board_asks_its_query_without_raising(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana").status_code == 200
    raised = []
    init = BadRequestKeyError.__init__
    monkeypatch.setattr(BadRequestKeyError, "__init__", lambda self, *a, **k: raised.append(a) or init(self, *a, **k))
    assert 'data-act-for="Ana"' in client.get(f"/g/{code}/board?v=0", headers=HTMX).get_data(as_text=True)
    assert client.get(f"/g/{code}/price?player=Ana&action=build&card=Baths", headers=HTMX).status_code == 200
    asked = {"slot", "q", "action", "player", "card", "free"}        # the board's query (headers aside)
    assert [a for a in raised if a and a[0] in asked] == []    # without: one for each name asked and lacked


def test_a_query_is_read_as_werkzeugs():
    from werkzeug.datastructures import MultiDict
    given = MultiDict([("slot", "3"), ("slot", "4"), ("q", ""), ("bad", "x")])
    ours = table_view.Query(given.to_dict())
    for key, default, kind in [("slot", None, int), ("slot", None, None), ("q", "", None), ("bad", 7, int),
                               ("none", "d", None), ("none", None, int), ("q", 5, int)]:
        assert ours.get(key, default, kind) == given.get(key, default, kind)


def test_a_tables_rules_are_found_by_name_once(monkeypatch):
    first = tracked.implementation("7wonders")
    looked = []
    found = model.Game.from_contract
    monkeypatch.setattr(model.Game, "from_contract", classmethod(lambda cls, n: looked.append(n) or found(n)))
    assert tracked.implementation("7wonders") is first and tracked.implementation("duel") is not first
    assert looked == [] or looked == ["duel"]      # without: the game enum walked at every ask


def test_a_streams_slot_is_found_once(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    hashed = []
    slot = answered._slot
    monkeypatch.setattr(answered, "_slot", lambda *a: hashed.append(a) or slot(*a))
    phone = phone_at(app, code, "Bruno")
    for version, (player, card) in enumerate([("Ana", "Lumber Yard"), ("Carla", "Stone Pit")], start=2):
        assert post(client, code, player=player, action="build", card=card).status_code == 200
        assert 'data-seat="Bruno"' in pushed(phone, version)
    # The stream found its own once (without: two a board; the moves, posted to the API, mark none).
    assert len(hashed) == 1


def test_a_prices_address_is_url_fors(app):
    with app.test_request_context("/", base_url="http://x/sub/"):
        address = table_view.table_urls("ABC")["table"]
        for chosen in [{}, {"player": "Chloé Ünal", "action": "build", "card": "Lumber Yard"},
                       {"player": "A&B=c?d/e+f", "card": "x#y;z@!$'()*,:", "free": "1"}]:
            assert table_view._with_query(address, chosen) == url_for("games.table", code="ABC", **chosen)


def test_a_price_builds_no_address_with_url_for(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana").status_code == 200        # the table's addresses known
    built = []
    monkeypatch.setattr(table_view, "url_for", lambda *a, **k: built.append(a) or url_for(*a, **k))
    answer = client.get(f"/g/{code}/price?player=Ana&action=build&card=Baths", headers=HTMX)
    assert answer.headers["HX-Replace-Url"] == f"/g/{code}?player=Ana&action=build&card=Baths"
    assert built == []               # without: url_for with the choice, some 20 us a price


def test_the_cities_are_compared_not_serialised(app, client, monkeypatch):
    import json
    code = new_game(client, SEVEN)
    assert client.get(f"/g/{code}?as=Ana").status_code == 200
    dumped = []
    dumps = json.dumps
    monkeypatch.setattr(json, "dumps", lambda *a, **k: dumped.append(1) or dumps(*a, **k))

    def cities() -> str:
        dumped.clear()
        board = client.get(f"/g/{code}/board?v=0", headers=HTMX).get_data(as_text=True)
        assert dumped == []          # without: the players and scores as sorted JSON at each version
        return board.split('class="cities"')[1].split('<details class="log">')[0]
    before = cities()
    assert post(client, code, player="Bruno", action="build", card="Stone Pit").status_code == 200
    assert cities() == before        # a choice kept hidden changes no city
    for player, card in [("Ana", "Lumber Yard"), ("Carla", "Clay Pool")]:      # the turn resolves
        assert post(client, code, player=player, action="build", card=card).status_code == 200
    assert "Stone Pit" not in before and "Stone Pit" in cities()


def test_a_text_alone_is_looked_up_once_a_catalogue_and_values_are_escaped_as_markups_own(app, monkeypatch):
    """Issue 29 (helper 94): a text without values ("Undo it", "Which card?") was looked up, wrapped and
    formatted again at each board; the values of the others were each wrapped by markupsafe's helper."""
    from markupsafe import Markup

    from companion.web import i18n
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        catalogue = i18n._translations()
        asked = []
        look_up = catalogue.ugettext
        monkeypatch.setattr(catalogue, "ugettext", lambda s: asked.append(s) or look_up(s))
        said = app.jinja_env.from_string("{{ _('Undo it') }}|{{ _('Undo it') }}").render()
        assert said == "Zurücknehmen|Zurücknehmen" and len(asked) <= 1
        text = "%(a)s %(b)s %(n)s %(x)s %(t)s %(l)s 100%%"
        values = {"a": "<b>&", "b": Markup("<i>ok</i>"), "n": 3, "x": 2.5, "t": True, "l": i18n._l("Cards")}
        ours = app.jinja_env.from_string("{{ _(text, **values) }}").render(text=text, values=values)
        assert ours == Markup(text) % values == "&lt;b&gt;&amp; <i>ok</i> 3 2.5 True Karten 100%"


def test_a_dicts_value_is_read_by_name_without_asking_its_attribute(app, monkeypatch):
    """Issue 29 (helper 94): Jinja asks `s.age` of a dict as an attribute first, an AttributeError raised
    and caught at each read (a board's state, forms and urls are dicts); read as its item, the same
    answers as Jinja's own, a dict's own attributes (`items`) and missing names included."""
    import jinja2
    import jinja2.environment

    text = "{{ s.age }}|{{ s.items is callable }}|{{ s.gone is defined }}|{{ s.get('age') }}|{{ o.real }}"
    values = {"s": {"age": 2, "items": "not this"}, "o": 5}
    assert app.jinja_env.from_string(text).render(**values) == jinja2.Environment().from_string(text).render(
        **values) == "2|True|False|2|5"
    asked = []
    monkeypatch.setattr(jinja2.environment, "getattr", lambda *a: asked.append(a) or getattr(*a), raising=False)
    assert app.jinja_env.from_string("{{ s.age }}{{ s.turn }}").render(s={"age": 1, "turn": 3}) == "13"
    assert asked == []


def test_the_texts_kept_a_catalogue_are_bounded(app, monkeypatch):
    """A template asking `_()` for texts made up at each call (none does) would not grow the kept texts
    without end."""
    from companion.web import i18n
    monkeypatch.setattr(i18n, "KEPT_TEXTS", 2)
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        catalogue = i18n._translations()
        for n in range(5):
            assert app.jinja_env.from_string("{{ _(t) }}").render(t=f"made up {n}") == f"made up {n}"
        assert len(i18n._alone(catalogue)) <= 2
