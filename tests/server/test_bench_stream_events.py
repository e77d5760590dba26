"""The load bench's phones read the table's stream as EventSource does (bench/table_load_bench.py,
issue 29): each event whole, its data lines joined by line breaks, its `retry:` taken, comments and
events without data passed over, whatever the chunks it came in. The events are the server's own
(table_stream._board_event), written in chunks cut anywhere."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

from bench.table_load_bench import _stream_events
from companion.web.table_stream import _board_event

BOARD = '<div id="board" data-version="7">\n  <p>data: a line that says data:</p>\n\n<p>x</p>\n</div>'


def read(body: bytes, cut: int, http11: bool) -> list:
    async def main():
        reader = asyncio.StreamReader()
        if http11:
            head = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
            reader.feed_data(head)
            for at in range(0, len(body), cut):
                piece = body[at:at + cut]
                reader.feed_data(b"%x\r\n%s\r\n" % (len(piece), piece))
            reader.feed_data(b"0\r\n\r\n")
        else:
            reader.feed_data(b"HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\n" + body)
        reader.feed_eof()
        return [event async for event in _stream_events(reader, http11)]
    with ThreadPoolExecutor(1) as pool:         # a loop of its own (a browser test may hold this thread's)
        return pool.submit(asyncio.run, main()).result()


def test_the_benchs_phone_reads_each_event_as_eventsource_does():
    body = ("retry: 734\n" + _board_event(BOARD, 7) + "id: 7\nevent: changed\ndata: 7\n\n: still here\n\n"
            "retry: 900\n\nid: 8\nevent: changed\ndata: 8\n\n").encode()
    expected = [(b"board", BOARD.encode(), 734), (b"changed", b"7", None), (b"", b"", 900), (b"changed", b"8", None)]
    for http11 in (True, False):
        for cut in (1, 7, 64, len(body)):
            assert read(body, cut, http11) == expected, (http11, cut)
