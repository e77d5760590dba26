"""Nothing saved is lost: a killed writer, a server error, unknown addresses."""
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

WRITER = """
import sys
from companion.store import open_database
from companion.store import events
db = open_database(sys.argv[1])
n = 0
while True:
    n = events.append(db, "crash-test", "sheet.value", {"player": 0, "row": "civil", "value": n % 10})
    print(n, flush=True)          # acknowledged only once committed
"""


def test_a_writer_killed_mid_stream_loses_nothing_it_acknowledged(tmp_path):
    path = tmp_path / "crash.sqlite3"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
    acknowledged = 0
    deadline = time.monotonic() + 120
    while acknowledged < 200 and time.monotonic() < deadline:
        acknowledged = int(writer.stdout.readline())
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    con = sqlite3.connect(path)
    assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
    seqs = [r[0] for r in con.execute("select seq from events where game_id = 'crash-test' order by seq")]
    con.close()
    assert acknowledged >= 200
    assert seqs[:acknowledged] == list(range(1, acknowledged + 1))     # every acknowledged event kept, in order


def test_a_server_error_is_a_friendly_page_and_keeps_the_store(tmp_path):
    from companion.web import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite3"), "SECRET_KEY": "t"})

    @app.get("/boom")
    def boom():
        raise RuntimeError("a bug")

    client = app.test_client()
    response = client.get("/boom")
    assert response.status_code == 500 and "nothing you saved is lost" in response.get_data(as_text=True)
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("method,path", [
    ("get", "/sheets/nope"), ("post", "/sheets/nope"), ("post", "/sheets/nope/save"),
    ("get", "/sheets/nope/city/0"), ("post", "/sheets/nope/city/0"), ("get", "/cards/rulings/nope"),
])
def test_unknown_ids_are_404(client, csrf, method, path):
    response = getattr(client, method)(path, data={"csrf_token": csrf} if method == "post" else None)
    assert response.status_code == 404
