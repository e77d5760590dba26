"""The load bench's phones keep their connections as Chromium does (bench/browser_http.py, issue 29),
against gunicorn as the Procfile starts it: requests one after another share one connection, no more
than five are open for requests at once, and a request meeting a kept connection the server closed
while idle (its --keep-alive) is sent again on a new one, answered, not an error."""
import asyncio
import time

import pytest

from concurrent.futures import ThreadPoolExecutor

from bench import browser_http

from .conftest import Gunicorn


def run(main) -> None:
    """Runs the coroutine on a loop of its own thread: a worker of the suite that has run a browser test
    holds Playwright's loop as running in its main thread, and asyncio.run() there refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main).result()


async def until(condition, seconds: float = 30) -> None:
    """Waits until `condition()` holds (or `seconds` pass: the caller's assertion then says what)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not condition():
        await asyncio.sleep(0.05)


async def one_kept(port: int):
    """A phone that has made one request: (its counts, the phone, its one kept connection)."""
    counts = browser_http.Counts()
    phone = browser_http.Phone(port, counts)
    assert (await phone.request("GET", "/"))[0] == 200
    return counts, phone, phone.idle[0]


@pytest.fixture
def short_kept(tmp_path):
    """gunicorn as the Procfile starts it but letting idle connections go after 2 s (the Procfile's
    keep-alive is longer than a test should wait for)."""
    server = Gunicorn(tmp_path, args="--keep-alive 2")
    yield server
    server.stop()


def test_a_phone_keeps_its_connections_as_a_browser_does(short_kept):
    server = short_kept

    async def main():
        counts = browser_http.Counts()
        phone = browser_http.Phone(server.port, counts)
        for _ in range(3):                                   # one after another: one connection
            status, _, body = await phone.request("GET", "/")
            assert status == 200 and b"</html>" in body
        assert (counts.opened, counts.requests) == (1, 3)

        answers = await asyncio.gather(*(phone.request("GET", "/") for _ in range(8)))     # at once: five
        assert all(status == 200 for status, _, _ in answers)
        assert counts.opened <= 5 and counts.waited >= 3
        assert len(phone.idle) <= 5

        kept = list(phone.idle)
        await until(lambda: all(c.reader.at_eof() for c in kept))      # gunicorn closes idle ones after its keep-alive
        assert all(c.reader.at_eof() for c in kept)
        opened = counts.opened
        status, _, _ = await phone.request("GET", "/")       # not reused: seen closed, a new one opened
        assert status == 200 and counts.opened == opened + 1
        phone.close()
    run(main())


def test_a_request_on_a_connection_closed_unseen_is_sent_again(short_kept, monkeypatch):
    monkeypatch.setattr(browser_http, "IDLE_CLOSE_S", 3600)      # our end not yet released
    async def main():
        counts, phone, conn = await one_kept(short_kept.port)
        await until(conn.reader.at_eof)
        conn.open = lambda: True                              # as if the close had not been seen yet
        assert (await phone.request("GET", "/"))[0] == 200
        assert counts.resent == 1 and counts.opened == 2
        phone.close()
    run(main())


def test_an_idle_connection_past_the_keep_alive_is_released_at_our_end(gunicorn, monkeypatch):
    """One client holds every phone's sockets under one open-file limit: an idle one is closed at our
    end too once the server's keep-alive is past (IDLE_CLOSE_S), not kept until a reuse finds it closed."""
    monkeypatch.setattr(browser_http, "IDLE_CLOSE_S", 0.2)
    async def main():
        counts, phone, conn = await one_kept(gunicorn.port)
        await until(lambda: not phone.idle)
        assert not phone.idle and conn.writer.is_closing()
        assert (await phone.request("GET", "/"))[0] == 200 and counts.opened == 2 and counts.resent == 0
        phone.close()
    run(main())
