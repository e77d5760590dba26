"""Issue 14, item 7 (photos): a few photos read at once server-wide, memory bounded before decoding."""
import fcntl
import io
import json
import os
import re
import signal
import subprocess
import sys

import pytest
from PIL import Image

from companion.scan import photo

MEASURE = """
import resource, sys
from companion.scan import photo
data = open(sys.argv[1], "rb").read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    photo.decode(data)
    print("decoded", end=" ")
except photo.PhotoError as exc:
    print(exc.code, end=" ")
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def image_bytes(size, fmt="PNG", mode="RGB", **options) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, 200 if mode == "L" else (200, 180, 160)).save(out, fmt, **options)
    return out.getvalue()


@pytest.mark.parametrize("fmt,options", [("PNG", {}), ("WEBP", {}), ("JPEG", {"progressive": True})])
def test_a_small_file_declaring_a_huge_image_is_refused_before_decoding(tmp_path, fmt, options):
    """The issue's bomb: 7,700 x 7,700 pixels in a small file cost a worker 240 MB; now it costs nothing."""
    path = tmp_path / "bomb"
    path.write_bytes(image_bytes((7700, 7700), fmt, **options))
    assert path.stat().st_size < 2 * 1024 * 1024
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True,
                         timeout=300, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__)))).stdout.split()
    assert out[0] == "too_many_pixels"
    assert int(out[1]) < 20            # MB more than before the call: the header only


def test_the_estimate_matches_what_decoding_takes(tmp_path):
    """The bound is only as good as the estimate: decode a permitted PNG and compare the peak."""
    path = tmp_path / "ok.png"
    path.write_bytes(image_bytes((3000, 3000)))
    with Image.open(path) as header:
        estimate = photo.decode_bytes(header) // 2 ** 20
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True,
                         timeout=300, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__)))).stdout.split()
    assert out[0] in ("decoded", "no_pad")
    assert int(out[1]) <= estimate * 1.25 + 8, (out, estimate)


@pytest.mark.parametrize("size,fmt,options", [
    ((4000, 3000), "JPEG", {}),                              # a 12-megapixel phone photo
    ((4000, 3000), "JPEG", {"progressive": True}),
    ((8000, 6000), "JPEG", {}),                              # 48 megapixels, decoded at a quarter
    ((4000, 3000), "PNG", {}),
])
def test_real_photos_stay_within_the_bound(size, fmt, options):
    with Image.open(io.BytesIO(image_bytes(size, fmt, **options))) as header:
        assert photo.decode_bytes(header) <= photo.MAX_DECODE_BYTES


def test_the_page_says_how_many_megapixels_fit(client, csrf):
    data = {"csrf_token": csrf, "pad": "duel", "photo": (io.BytesIO(image_bytes((7700, 7700))), "bomb.png")}
    response = client.post("/scan/", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    mp = int(re.search(r"more than (\d+) megapixels", response.get_data(as_text=True)).group(1))
    assert mp * 1_000_000 * 4 <= photo.MAX_DECODE_BYTES < (mp + 2) * 1_000_000 * 4


HOLD = """
import fcntl, sys
from pathlib import Path
locks = []
for i in range(int(sys.argv[2])):
    fh = open(Path(sys.argv[1]) / f"slot-{i}.lock", "a")
    fcntl.flock(fh, fcntl.LOCK_EX)
    locks.append(fh)
print("holding", flush=True)
sys.stdin.read()              # until the test lets go (or dies): never for a fixed time
"""


@pytest.fixture
def slots_held(app):
    """Another process (as another gunicorn worker would) reading photos in every slot."""
    from companion.web.photo_slots import DEFAULT_SLOTS
    directory = app.config["DATABASE"] + ".photo-slots"
    os.makedirs(directory, exist_ok=True)
    holder = hold(directory, DEFAULT_SLOTS)
    yield holder
    if holder.poll() is None:
        holder.kill()
    holder.wait()
    holder.stdout.close()
    holder.stdin.close()


def post_photo(client, csrf):
    data = {"csrf_token": csrf, "pad": "duel", "photo": (io.BytesIO(image_bytes((800, 600), "JPEG")), "p.jpg")}
    return client.post("/scan/", data=data, content_type="multipart/form-data")


def test_a_photo_waits_while_other_workers_read_theirs(client, csrf, slots_held, monkeypatch):
    from companion.web import photo_slots
    asked, flock = [], photo_slots.fcntl.flock

    def recorded(fd, operation):
        asked.append(operation)
        return flock(fd, operation)
    monkeypatch.setattr(photo_slots.fcntl, "flock", recorded)
    response = post_photo(client, csrf)
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    assert "Send yours again in a few seconds" in response.get_data(as_text=True)
    # told at once, not after a queue: every slot was asked for without waiting for it, and the
    # answer came while the other worker still held them all (how fast: bench/photos_bench.py)
    assert asked and all(op & fcntl.LOCK_NB for op in asked if op & fcntl.LOCK_EX), asked
    assert slots_held.poll() is None
    assert client.get("/").status_code == 200      # other pages are served meanwhile


def test_a_slot_comes_back_when_its_worker_dies(client, csrf, slots_held):
    assert post_photo(client, csrf).status_code == 503
    slots_held.send_signal(signal.SIGKILL)
    slots_held.wait()
    response = post_photo(client, csrf)
    assert response.status_code == 422             # read (a plain picture: no pad in it), not refused
    assert "No score pad found" in response.get_data(as_text=True)


def hold(directory: str, slots: int) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, directory, str(slots)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "holding"
    return holder


def test_one_slot_free_is_enough(app, client, csrf):
    from companion.web.photo_slots import DEFAULT_SLOTS
    directory = app.config["DATABASE"] + ".photo-slots"
    os.makedirs(directory, exist_ok=True)
    holder = hold(directory, DEFAULT_SLOTS - 1)          # another worker reads a photo; one slot is left
    try:
        assert post_photo(client, csrf).status_code == 422
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
        holder.stdin.close()


def test_a_worker_reads_one_photo_at_a_time(app, client, csrf):
    """A second photo in the same worker is told to wait even with a server-wide slot free, so the
    worker's other thread keeps serving pages (a phone's connection stays with one gthread worker)."""
    from companion.web.photo_slots import photo_slot
    with app.app_context():
        with photo_slot():
            response = post_photo(client, csrf)
            assert response.status_code == 503 and response.headers["Retry-After"]
            assert client.get("/").status_code == 200
    assert post_photo(client, csrf).status_code == 422


LOOP_DURING_A_READ = """
from gevent import monkey; monkey.patch_all()
import faulthandler, json, sys, time, gevent
faulthandler.dump_traceback_later(300, exit=True)      # a hang ends with where it hung, not at the test's timeout
from companion.scan import read_photo
from testkit.pad_photos import PhotoSpec, make_photo
from companion.web.photo_process import off_the_event_loop

data, _truth = make_photo(7, "7wonders", "dejavu-sans", PhotoSpec())
ticks = []
def tick():
    while True:
        ticks.append(time.process_time())      # this process's CPU time: a busy machine's waits are not stalls
        gevent.sleep(0.01)

ticker = gevent.spawn(tick)
gevent.sleep(0.05)
before = len(ticks)
if sys.argv[1] == "off":
    scan = off_the_event_loop(read_photo, data, "7wonders")
else:
    scan = read_photo(data, "7wonders")
during = ticks[before - 1:]
print(json.dumps({"ticks": len(ticks) - before, "stall": max(b - a for a, b in zip(during, during[1:])),
                  "numbers": [repr(scan.columns), len(scan.columns)]}))
try:
    off_the_event_loop(read_photo, b"not a photo", "7wonders")
except Exception as exc:       # the reader's refusal comes back as it was raised
    print(json.dumps({"refused": type(exc).__name__, "code": getattr(exc, "code", None)}))
"""


def test_a_photo_read_under_gevent_leaves_the_workers_other_requests_going():
    """Under the Procfile's gevent worker every request of a worker shares one
    thread: a photo read on it stopped that worker's pages and pushed changes
    for a second or more. Read in a reader process, the other greenlets go on,
    the reading is the same, and a refusal comes back as the reader raised it."""
    def run(where):
        out = subprocess.run([sys.executable, "-c", LOOP_DURING_A_READ, where],
                             capture_output=True, text=True, timeout=400)
        assert out.returncode == 0, out.stderr[-3000:]
        return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    on, off = run("on"), run("off")
    # The loop's longest stall while the photo was read: on the loop it is the read's
    # CPU-bound part (seconds); from a reader process, a tick or two.
    assert off[0]["stall"] * 4 < on[0]["stall"], (off[0]["stall"], on[0]["stall"])
    assert off[0]["ticks"] >= 5
    assert off[0]["numbers"] == on[0]["numbers"] and off[0]["numbers"][1] > 0
    assert off[1] == {"refused": "PhotoError", "code": off[1]["code"]} and off[1]["code"]
