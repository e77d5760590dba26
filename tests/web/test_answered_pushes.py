"""Issue 29: a phone's own move is not pushed back to it by its stream, whichever worker answered it.

gunicorn runs two workers: a phone's move and its stream are often held by
different ones. The worker answering the move marks the version it answered
with in a file every worker maps (companion/web/answered.py); the stream's
worker pushes that phone no board for it (it rendered one for nothing before).
"""
import json
import subprocess
import sys

from companion.web import ROOT, answered

from .test_games import new_duel, post
from .test_pushed_changes import read_event

# Another worker: the same app on the same file in another process, answering this phone's move
# (its session cookie, its form token) through htmx as the table page posts it.
OTHER_WORKER = """
import json, sys
from companion.web import create_app
database, cookie, form = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test"})
phone = app.test_client()
phone.set_cookie("session", cookie)
answer = phone.post(f"/g/{form.pop('code')}/act", data=form, headers={"HX-Request": "true"})
print(answer.status_code)
"""


def test_a_move_answered_by_another_worker_is_not_pushed_back_to_its_phone(app, client, csrf):
    code = new_duel(client)
    client.get(f"/g/{code}?as=all")
    body = iter(client.get(f"/g/{code}/events", buffered=False).response)
    version = int(read_event(body)["data"])
    form = {"code": code, "csrf_token": csrf, "version": version,
            "doc": json.dumps({"action": "show-progress", "token": "law"})}
    other = subprocess.run([sys.executable, "-c", OTHER_WORKER, app.config["DATABASE"],
                            client.get_cookie("session").value, json.dumps(form)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert other.stdout.split()[-1:] == ["200"], other.stderr[-2000:]
    # This process heard of the move through its watcher, as the stream's worker does.
    assert read_event(body) == {"id": str(version + 1), "event": "changed", "data": str(version + 1)}
    post(client, code, action="show-progress", token="agriculture")        # then another phone's: pushed
    pushed = read_event(body)
    assert pushed["event"] == "board" and pushed["id"] == str(version + 2)


def test_the_answered_versions_are_kept_by_phone_and_table_in_the_file(app, tmp_path):
    database = str(tmp_path / "other.sqlite3")
    answered.put(database, "phone-1", "ABC234", 7)
    answered.put(database, "phone-2", "ABC234", 9)
    answered.put(database, "phone-1", "XYZ789", 3)
    assert answered.get(database, "phone-1", "ABC234") == 7 and answered.get(database, "phone-2", "ABC234") == 9
    assert answered.get(database, "phone-1", "XYZ789") == 3 and answered.get(database, "phone-3", "ABC234") == 0
    # Another process reads what this one wrote, from the file.
    read = subprocess.run([sys.executable, "-c", "import sys; from companion.web import answered; "
                           "print(answered.get(sys.argv[1], 'phone-2', 'ABC234'))", database],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert read.stdout.strip() == "9", read.stderr[-2000:]


def test_a_stream_renders_its_boards_in_one_request_of_its_own(client, csrf, monkeypatch):
    """Issue 29: each pushed board was rendered in a request made for it, its session cookie opened and
    its table's entry read again; the stream's boards now share one request, the entry read once."""
    from flask import has_request_context, request

    from companion.web import access, security
    code = new_duel(client)
    client.get(f"/g/{code}?as=Bruno")
    stream = f"/g/{code}/events"
    opened, looked = [], []
    open_session, item = security.SessionCookie.open_session, access.groups.item

    def counted_open(self, app, req):
        opened.append(req.path)
        return open_session(self, app, req)

    def counted_item(db, key):
        looked.append(request.path if has_request_context() else None)
        return item(db, key)
    monkeypatch.setattr(security.SessionCookie, "open_session", counted_open)
    monkeypatch.setattr(access.groups, "item", counted_item)
    body = iter(client.get(stream, buffered=False).response)
    version = int(read_event(body)["data"])
    for token, shown in (("law", version + 1), ("agriculture", version + 2)):
        post(client, code, action="show-progress", token=token)            # another phone's move: pushed
        pushed = read_event(body)
        assert pushed["event"] == "board" and f'data-version="{shown}"' in pushed["data"]
        assert 'data-seat="Bruno"' in pushed["data"] and f'value="{csrf}"' in pushed["data"]
        assert read_event(body)["event"] == "changed"
    # The stream's own request and the one its boards share: one session, opened by the stream's (its
    # boards' took it: it was opened again for them, at a restart once a phone), the entry read once at
    # most (a process keeps it since 6e0d851: the page's request had read it), never a board.
    assert opened.count(stream) == 1 and looked.count(stream) <= 1
