"""Issue 29: the load bench's client shares the server's two cores, so a phone reads a board's action
form only when it acts on it (bench/table_page.Board), and each hx-trigger once. What it reads is the
same as when it read every board whole: the seat a form is for, its cards, verbs and moves."""
import bench.table_page as table_page
from bench.table_page import read_board, triggers

from .conftest import open_table

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": n, "wonder": w, "side": "A"} for n, w in [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus")]]}


def test_a_board_is_read_whole_only_when_its_form_is_asked(client, monkeypatch):
    code = open_table(client, SEVEN)
    text = client.get(f"/g/{code}/board?v=0&as=Chlo%C3%A9", headers={"HX-Request": "true"}).get_data(as_text=True)
    read = []
    whole = table_page.read_pick
    monkeypatch.setattr(table_page, "read_pick", lambda t: read.append(t) or whole(t))
    board = read_board(text)
    assert board.version == 1 and board.url == f"/g/{code}/board?v=1" and board.asks.stream_events == ("changed",)
    assert board.pick_player == "Chloé" and read == []          # the seat of its form: nothing read whole
    assert board.pick["player"] == "Chloé" and "altar" in board.pick["cards"] and "sell" in board.pick["verbs"]
    assert board.moves == [] and board.refused is None and len(read) == 1       # read once, then kept
    assert board.pick_player == "Chloé"
    assert board.pick == whole(text[text.index('<div id="board"'):]).pick     # what a whole read gives


def test_a_board_without_a_form_for_this_phone_says_so():
    bare = '<div id="board" hx-get="/g/X/board?v=3" hx-trigger="sse:changed" data-version="3"><p>x</p></div>'
    board = read_board(bare)
    assert board.pick_player is None and board.pick is None and board.version == 3


def test_a_trigger_is_read_once_a_spec():
    triggers.cache_clear()
    first = triggers("sse:changed")
    assert triggers("sse:changed") is first and triggers.cache_info().hits == 1
