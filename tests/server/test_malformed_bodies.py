"""Issue 27, point 12: a malformed request body is a 400 that says so, never a 500, and saves nothing.

Raw sockets against gunicorn as the Procfile starts it. Before, gunicorn's parse
errors (a chunk size that is not hex, a chunk without its CRLF, a bad chunk
extension) came out of request.form / get_data as 500s, and a body cut short
before its Content-Length was read as a shorter body: a form cut after its
last complete field was saved.
"""
import json
import urllib.request

import pytest

from .conftest import Gunicorn, raw, session, status_of

FORM = "pad=7wonders&name=Ana&name=Bruno&name=Chlo%C3%A9"
GAME = json.dumps({"game": "duel", "players": [{"name": "Ana"}, {"name": "Bo"}]})
BOUNDARY = "photoboundary"


def photo_body(csrf: str) -> str:
    return (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{csrf}\r\n'
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="pad"\r\n\r\nduel\r\n'
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n'
            f"Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 not much of a photo\r\n--{BOUNDARY}--\r\n")


def chunk(body: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(body), body)


# Each shape: (headers after Content-Type, what is sent as the body) from the whole, valid body.
SHAPES = {
    "chunk size not hex": lambda b: (b"Transfer-Encoding: chunked", b"zz\r\n" + b + b"\r\n0\r\n\r\n"),
    "chunk size with a bad extension": lambda b: (b"Transfer-Encoding: chunked", b"%x;=\r\n" % len(b) + b + b"\r\n0\r\n\r\n"),
    "chunk without its CRLF": lambda b: (b"Transfer-Encoding: chunked", b"%x\r\n" % len(b) + b + b"XX0\r\n\r\n"),
    "chunk cut short": lambda b: (b"Transfer-Encoding: chunked", b"%x\r\n" % (len(b) + 100) + b),
    "no last chunk": lambda b: (b"Transfer-Encoding: chunked", chunk(b)),
    "Content-Length larger than sent": lambda b: (b"Content-Length: %d" % (len(b) + 50), b),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Gunicorn(tmp_path_factory.mktemp("malformed"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def phone(server):
    return session(server.base)


def request_for(route: str, phone) -> tuple[str, dict, bytes]:
    cookie, csrf = phone
    if route == "form":
        return "/sheets/new", {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}, \
            f"csrf_token={csrf}&{FORM}".encode()
    if route == "api":
        return "/api/v1/games", {"Content-Type": "application/json"}, GAME.encode()
    return "/scan/", {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "Cookie": cookie}, \
        photo_body(csrf).encode("latin-1")


def send(server, path: str, headers: dict, framing: bytes, body: bytes) -> bytes:
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n".encode()
    head += b"".join(f"{k}: {v}\r\n".encode() for k, v in headers.items())
    return raw(server.port, head + framing + b"\r\n\r\n" + body)


@pytest.mark.parametrize("route", ["form", "api", "photo"])
def test_the_well_formed_request_is_understood(server, phone, route):
    """The same requests, well formed: what the malformed ones are compared with."""
    path, headers, body = request_for(route, phone)
    answer = send(server, path, headers, b"Content-Length: %d" % len(body), body)
    assert status_of(answer) in {"form": (303,), "api": (201,), "photo": (422,)}[route], answer[:300]
    answer = send(server, path, headers, b"Transfer-Encoding: chunked", chunk(body) + b"0\r\n\r\n")
    assert status_of(answer) in {"form": (303,), "api": (201,), "photo": (422,)}[route], answer[:300]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("route", ["form", "api", "photo"])
def test_a_malformed_body_is_a_400_saying_so(server, phone, route, shape):
    path, headers, body = request_for(route, phone)
    framing, sent = SHAPES[shape](body)
    answer = send(server, path, headers, framing, sent)
    assert status_of(answer) == 400, answer[:400]
    text = answer.partition(b"\r\n\r\n")[2].decode()
    if route == "api":
        doc = json.loads(text)
        assert doc["where"] == "(body)" and "nothing was saved" in doc["error"].lower(), doc
    else:
        assert "body" in text and "othing was saved" in text, text[-1500:]


def test_nothing_was_saved_and_the_server_goes_on(server, phone):
    cookie, _csrf = phone
    request = urllib.request.Request(server.base + "/history/", headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200
    log = server.error_log.read_text()
    assert "Traceback" not in log, log[-3000:]
