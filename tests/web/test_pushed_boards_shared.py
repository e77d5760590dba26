"""Issue 29: a changed board is rendered once per version and kind of phone (its seat, language and
guest-ness), not once per phone, and a phone still sees only its own seat's hand.

A phone with no picks of its own under way is shown the same board as every
other phone of its seat and language but for its form token: the board is
rendered once a version for them, kept with a mark where the token goes, and
each phone's own token put in. The parts alike for every seat (the cities, the
log) are rendered once a version and language whatever the seats.
"""
import json
import re

from companion.web import table_view

from .conftest import csrf_of
from .test_games import KEYS, new_duel, new_game, post, setup_duel, state
from .test_pushed_changes import read_event

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": "Ana", "wonder": "Giza", "side": "A"}, {"name": "Bruno", "wonder": "Rhodes", "side": "A"},
    {"name": "Carla", "wonder": "Ephesus", "side": "A"}]}


def phone_at(app, code: str, seat: str, lang: str = "en"):
    """A phone of its own (its cookies and form token) that opened the join link and chose its seat."""
    phone = app.test_client()
    assert phone.get(f"/g/{code}?t={KEYS[code]}").status_code == 303
    assert phone.get(f"/g/{code}?as={seat}&lang={lang}").status_code == 200
    phone.token = csrf_of(phone)
    phone.response = phone.get(f"/g/{code}/events", buffered=False)
    phone.stream = iter(phone.response.response)
    assert read_event(phone.stream)["event"] == "changed"
    return phone


def pushed(phone, version: int) -> str:
    """The board the phone's stream pushed for `version` (its `changed` read after it)."""
    board, said = read_event(phone.stream), read_event(phone.stream)
    assert board["event"] == "board" and board["id"] == str(version), board
    assert said == {"id": str(version), "event": "changed", "data": str(version)}
    return board["data"]


def counting(monkeypatch):
    """Board renders (one board_context a board) and renders of the parts alike for every seat, by name."""
    boards, parts = [], []
    context, keep = table_view.board_context, table_view._shared.put

    def counted_context(table, *args, **kwargs):
        boards.append(kwargs["seat"] if "seat" in kwargs else table_view.seat_of(table))
        return context(table, *args, **kwargs)

    def counted_put(key, value):
        parts.append(key[-1])
        return keep(key, value)
    monkeypatch.setattr(table_view, "board_context", counted_context)
    monkeypatch.setattr(table_view._shared, "put", counted_put)
    return boards, parts


def test_phones_of_one_seat_and_language_share_one_render_each_with_its_own_token(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    first, second = phone_at(app, code, "Bruno"), phone_at(app, code, "Bruno")
    boards, parts = counting(monkeypatch)
    assert post(client, code, player="Ana", action="build", card="Lumber Yard").status_code == 200
    one, two = pushed(first, 2), pushed(second, 2)
    assert boards == ["Bruno"]                           # one render for the two phones
    assert parts.count("cities") <= 1 and parts.count("log") == 1
    assert f'value="{first.token}"' in one and second.token not in one
    assert f'value="{second.token}"' in two and first.token not in two
    assert one.replace(first.token, "T") == two.replace(second.token, "T")
    assert table_view.TOKEN_MARK not in one + two
    # Each phone's token is its own: a move posted from the pushed board is accepted.
    form = {"csrf_token": second.token, "version": 2, "doc": json.dumps({"player": "Bruno", "action": "sell",
                                                                            "card": "Stone Pit"})}
    assert second.post(f"/g/{code}/act", data=form, headers={"HX-Request": "true"}).status_code == 200


def test_three_phones_of_one_language_cost_one_render_of_the_shared_parts_a_version(app, client, monkeypatch):
    code = new_game(client, SEVEN)
    phones = {seat: phone_at(app, code, seat) for seat in ("Ana", "Bruno", "Carla")}
    boards, parts = counting(monkeypatch)
    for version, (player, card) in enumerate([("Ana", "Lumber Yard"), ("Bruno", "Stone Pit")], start=2):
        boards.clear(), parts.clear()
        assert post(client, code, player=player, action="build", card=card).status_code == 200
        for phone in phones.values():
            pushed(phone, version)
        assert sorted(boards) == ["Ana", "Bruno", "Carla"]          # a seat's own part: once a seat
        assert parts.count("log") == 1 and parts.count("cities") <= 1      # alike for all: once


def test_a_phone_is_never_pushed_another_seats_hand_nor_a_hidden_choice(app, client, monkeypatch):
    """The privacy line: boards are shared only between phones of the same seat. A seat's action form
    (its hand) and its own hidden choice reach its phones alone."""
    code = new_game(client, SEVEN)
    phones = {seat: phone_at(app, code, seat) for seat in ("Ana", "Bruno", "Carla")}
    french = phone_at(app, code, "Bruno", "fr")
    mover = phones["Ana"]
    form = {"csrf_token": mover.token, "version": 1,
            "doc": json.dumps({"player": "Ana", "action": "build", "card": "Lumber Yard"})}
    answer = mover.post(f"/g/{code}/act", data=form, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Last move: Ana built Lumber Yard" in answer or "Lumber Yard" in answer.split("Last move")[1][:120]
    assert read_event(mover.stream)["event"] == "changed"      # its own move: no board pushed back
    for seat in ("Bruno", "Carla"):
        board = pushed(phones[seat], 2)
        assert re.findall(r'data-act-for="([^"]*)"', board) == [seat]
        assert f'data-seat="{seat}"' in board and "Last move: Ana chose a card." in board
        assert mover.token not in board and all(p.token not in board for s, p in phones.items() if s != seat)
    board = pushed(french, 2)
    assert re.findall(r'data-act-for="([^"]*)"', board) == ["Bruno"] and 'data-lang="fr"' in board
    assert "Dernier coup : Ana a choisi une carte." in board
    assert phones["Bruno"].token not in board and french.token in board


def test_a_duels_track_pyramid_and_boxes_are_rendered_once_a_version_for_both_seats(app, client, monkeypatch):
    """The Duel's conflict track and card pyramid (most of its board) are alike on both players'
    phones: rendered once a version, each phone still given its own seat's moves."""
    code = new_duel(client)
    setup_duel(client, code)
    phones = {seat: phone_at(app, code, seat) for seat in ("Ana", "Bruno")}
    _boards, parts = counting(monkeypatch)
    game = state(client, code)
    slot = next(s["slot"] for s in game["pyramid"] if s.get("face_up") and not s.get("card"))
    assert post(client, code, action="reveal", slot=slot, card="lumber-yard").status_code == 200
    got = {seat: pushed(phone, game["version"] + 1) for seat, phone in phones.items()}
    tops = [p for p in parts if p.startswith("top|")]
    assert tops and len(tops) == len(set(tops))             # each once, not once a phone
    pyramids = {seat: re.search(r'<div class="pyramid">.*?</a>\s*</div>', board, re.S).group(0)
                for seat, board in got.items()}
    assert pyramids["Ana"] == pyramids["Bruno"] and "Lumber Yard" in pyramids["Ana"]
    for seat, board in got.items():
        assert 'class="track"' in board and f'data-seat="{seat}"' in board


def test_a_stream_pushes_each_board_in_the_language_its_browser_asks_for(app, client):
    """A phone that never chose a language reads its browser's (Accept-Language): each board its
    stream pushes is in that language, the locale found once for the stream, not at each board."""
    code = new_game(client, SEVEN)
    phone = app.test_client()
    german = {"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}
    assert phone.get(f"/g/{code}?t={KEYS[code]}", headers=german).status_code == 303
    assert phone.get(f"/g/{code}?as=Bruno", headers=german).status_code == 200
    phone.stream = iter(phone.get(f"/g/{code}/events", headers=german, buffered=False).response)
    assert read_event(phone.stream)["event"] == "changed"
    for version, (player, card) in enumerate([("Ana", "Lumber Yard"), ("Carla", "Stone Pit")], start=2):
        assert post(client, code, player=player, action="build", card=card).status_code == 200
        board = pushed(phone, version)
        assert 'data-lang="de"' in board and f"Letzter Zug: {player}" in board, board[:400]
        assert "Last move" not in board


def test_a_streams_board_is_rendered_from_the_game_as_kept_at_the_version_heard(app, client, monkeypatch):
    """Each pushed board reads nothing of the game from the database when this process keeps it at
    the version its stream heard (the mover's worker); a worker that does not keep it yet (the other
    worker) takes it up once, at its first board, the next phones' boards from what it keeps."""
    from companion.store import events
    from companion.store import games as store
    code = new_game(client, SEVEN)
    phones = {seat: phone_at(app, code, seat) for seat in ("Bruno", "Carla")}
    reads = []
    version_of = events.current_version
    monkeypatch.setattr(events, "current_version", lambda db, game: reads.append(game) or version_of(db, game))
    assert post(client, code, player="Ana", action="build", card="Lumber Yard").status_code == 200
    reads.clear()
    for seat, phone in phones.items():
        assert re.findall(r'data-act-for="([^"]*)"', pushed(phone, 2)) == [seat]
    assert reads == []
    assert post(client, code, player="Bruno", action="build", card="Stone Pit").status_code == 200
    store._cache.items.clear()             # as in the worker that did not answer the move
    reads.clear()
    boards = {seat: pushed(phone, 3) for seat, phone in phones.items()}
    assert reads == [code]
    assert "Last move: Bruno chose a card." in boards["Carla"] and 'data-version="3"' in boards["Bruno"]
