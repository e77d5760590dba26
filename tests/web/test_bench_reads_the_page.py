"""Issue 29, point 3: the load bench's phones do what the table page says, read from the page itself.

bench/table_page.py reads the stream, the board's trigger, the price form and
the move forms from the page a phone is served: a poll put back in the page
is a poll for the bench, and a trigger it does not know stops it.
"""
import pytest

from bench.table_page import (board_holds_back, board_version, is_board, read_board, read_page, read_pick,
                              scripts_ask_on_a_timer, triggers)
from companion.web import ROOT

from .conftest import open_table

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": n, "wonder": w, "side": "A"} for n, w in [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus")]]}


def test_the_bench_reads_what_a_phone_at_the_table_asks(client):
    code = open_table(client, SEVEN)
    page = read_page(client.get(f"/g/{code}?as=Ana").get_data(as_text=True))
    assert page.stream == f"/g/{code}/events" and page.headers["HX-Request"] == "true"
    assert page.headers["X-CSRF-Token"]
    board = page.board
    assert board.version == 1 and board.url == f"/g/{code}/board?v=1"
    after = client.get(f"/g/{code}/board?v=0", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert board_version(after) == read_board(after).version == 1        # read alone, as a push's arrival is
    assert board.asks.stream_events == ("changed",) and board.asks.poll_s is None
    assert board.pick["player"] == "Ana" and "altar" in board.pick["cards"] and "sell" in board.pick["verbs"]
    assert board.pick["asks"].dom_events == ("change", "submit")
    assert board.pick["target"] == "closest section"        # a price comes back as the form's section
    answer = client.get(f"{board.pick['url']}?player=Ana&action=build&card=altar",
                        headers={"HX-Request": "true"}).get_data(as_text=True)
    assert not is_board(answer)
    priced = read_pick(answer)
    assert priced.moves and priced.moves[0]["url"] == f"/g/{code}/act"
    assert '"card": "altar"' in priced.moves[0]["fields"]["doc"] and priced.moves[0]["fields"]["version"] == "1"
    refused = read_pick(client.get(f"{board.pick['url']}?player=Ana&action=build&card=stockade",
                                   headers={"HX-Request": "true"}).get_data(as_text=True))
    assert "wood" in refused.refused                              # refused, with what it may do instead
    assert [m["fields"]["doc"] for m in refused.moves] == ['{"action": "sell", "card": "stockade", "player": "Ana"}']


def test_a_poll_in_the_page_is_a_poll_for_the_bench_and_an_unknown_trigger_stops_it():
    assert triggers("sse:changed, every 3s").poll_s == 3.0
    assert triggers("sse:changed, every 500ms").poll_s == 0.5
    with pytest.raises(ValueError, match="load delay:2s"):
        triggers("sse:changed, load delay:2s")


def test_the_page_scripts_ask_on_no_timer():
    assert scripts_ask_on_a_timer(ROOT) == []


def test_the_bench_holds_the_board_back_as_table_js_does(tmp_path):
    """table.js asks nothing on a "changed" for the version shown or while a form's request is out;
    the bench's phones do the same only while the script says so."""
    assert board_holds_back(ROOT) == {"shown", "form out"}
    script = (ROOT / "static" / "js" / "table.js").read_text()
    (tmp_path / "static" / "js").mkdir(parents=True)
    start = script.index("  document.addEventListener('htmx:confirm'")
    (tmp_path / "static" / "js" / "table.js").write_text(script[:start])
    assert board_holds_back(tmp_path) == set()
