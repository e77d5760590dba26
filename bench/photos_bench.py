"""Other players' pages while six phones send photos of the pad at once (issue 14, item 7).

gunicorn as the Procfile starts it (gevent workers) on loopback. Four
phones keep using the app (the home page, a score sheet, a cell update, a card
search) while six phones post 12-megapixel photos of the pad over and over,
each sending its photo again after the Retry-After when told to wait. The
figure: p95 of the other phones' requests, alone and during the photos, with
1 and 2 server-wide slots (FLASK_PHOTO_SLOTS, default 2) and one photo a
worker, and with no limit at all (6 slots, 6 a worker: as before the limit).

Each of the other phones' requests opens a new connection, as a phone's next
tap does once gunicorn's keep-alive has passed; its cell update carries the
number it stored last, as the sheet page does, so it is never refused as stale.

PHOTOS_BENCH_SECONDS (default 30) a phase.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from companion.web.photo_slots import DEFAULT_SLOTS

from .stats import percentile
from .web_bench import Phone, _free_port, _wait_for

ROOT = Path(__file__).resolve().parents[1]
PHOTO_PHONES = 6
OTHER_PHONES = 4
SECONDS = float(os.environ.get("PHOTOS_BENCH_SECONDS", "30"))
SLOTS = sorted({1, DEFAULT_SLOTS})         # server-wide slots tried, one photo a worker; then no limit at all
TIMEOUT = 120.0


def run() -> dict:
    from companion.scan import digits
    from testkit.pad_photos import PhotoSpec, make_photo
    digits.model()                       # the shipped weights, loaded before the clock starts
    photos = [make_photo(100 + i, "7wonders", "dejavu-sans", PhotoSpec())[0] for i in range(PHOTO_PHONES)]
    result = {"photo_phones": PHOTO_PHONES, "other_phones": OTHER_PHONES, "seconds_a_phase": SECONDS,
              "photo_mb": round(sum(map(len, photos)) / len(photos) / 2 ** 20, 1)}
    for slots in SLOTS:
        result[f"slots_{slots}"] = _server(slots, photos)
    result["no_limit"] = _server(PHOTO_PHONES, photos, per_worker=PHOTO_PHONES)
    lim, unl = result[f"slots_{DEFAULT_SLOTS}"], result["no_limit"]
    print(f"other phones' p95: alone {lim['alone_p95_ms']:.0f} ms; with {PHOTO_PHONES} photos sent at once "
          f"{lim['during_photos_p95_ms']:.0f} ms with {DEFAULT_SLOTS} photo slots and one a worker (the default), "
          f"{unl['during_photos_p95_ms']:.0f} ms with no limit (as before)")
    return result


def _server(slots: int, photos: list[bytes], per_worker: int = 1) -> dict:
    port = _free_port()
    workdir = Path(tempfile.mkdtemp(prefix="bench-photos-"))
    env = dict(os.environ, FLASK_DATABASE=str(workdir / "bench.sqlite3"), FLASK_SECRET_KEY="bench",
               FLASK_PHOTO_SLOTS=str(slots), FLASK_PHOTOS_PER_WORKER=str(per_worker), PORT=str(port))
    procfile = next(l for l in (ROOT / "Procfile").read_text().splitlines() if l.startswith("web:"))
    command = procfile.split(":", 1)[1].strip().replace("--access-logfile -", "")
    log = open(workdir / "gunicorn.log", "w")
    server = subprocess.Popen(["bash", "-c", "exec " + command], cwd=ROOT, stdout=log, stderr=log,
                              env={**env, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"},
                              start_new_session=True)
    try:
        _wait_for(port)
        for photo in photos[:3]:          # each worker loads the reader once before anything is timed
            _Photographer(port, photo).send_once()
        alone = _others(port, SECONDS, photos=None)
        during = _others(port, SECONDS, photos=photos)
        text = (workdir / "gunicorn.log").read_text()
        figures = {"photo_slots": slots, "photos_per_worker": per_worker, "alone_p50_ms": alone["p50"], "alone_p95_ms": alone["p95"],
                   "during_photos_p50_ms": during["p50"], "during_photos_p95_ms": during["p95"],
                   "other_requests": during["n"], "other_errors": during["errors"],
                   "photos_read": during["read"], "photos_told_to_wait": during["waited"],
                   "photo_read_p50_s": during["photo_p50_s"], "server_errors_logged": text.count("Traceback")}
        print(f"{slots} photo slots, {per_worker} a worker: others alone p50 {alone['p50']:.0f} / p95 {alone['p95']:.0f} ms; during photos "
              f"p50 {during['p50']:.0f} / p95 {during['p95']:.0f} ms ({during['n']} requests, {during['errors']} "
              f"errors); photos read {during['read']}, told to wait {during['waited']}, "
              f"p50 {during['photo_p50_s']:.1f} s a read; {figures['server_errors_logged']} server errors logged",
              flush=True)
        return figures
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
        log.close()


class _Photographer:
    def __init__(self, port: int, photo: bytes):
        self.phone, self.photo = Phone(port), photo
        self.phone.conn.timeout = TIMEOUT
        _, _, html = self.phone.request("GET", "/scan/")
        self.token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)

    def send_once(self) -> tuple[int, float, int]:
        """(status, seconds, Retry-After) for one upload of the photo."""
        boundary = uuid.uuid4().hex
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{self.token}\r\n',
                 f'--{boundary}\r\nContent-Disposition: form-data; name="pad"\r\n\r\n7wonders\r\n',
                 f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="pad.jpg"\r\n'
                 f"Content-Type: image/jpeg\r\n\r\n"]
        body = "".join(parts).encode() + self.photo + f"\r\n--{boundary}--\r\n".encode()
        conn = self.phone.conn
        start = time.perf_counter()
        conn.request("POST", "/scan/", body=body, headers={
            "Cookie": self.phone.cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start, int(response.getheader("Retry-After") or 0)


def _others(port: int, seconds: float, photos: list[bytes] | None) -> dict:
    stop = time.perf_counter() + seconds
    latencies, errors, reads, waits, lock = [], [0], [], [0], threading.Lock()

    def use_the_app() -> None:
        phone = Phone(port)
        phone.conn.timeout = TIMEOUT
        path, token = phone.new_sheet()
        steps = [("GET", "/", None, None), ("GET", path, None, None),
                 ("POST", path, {"csrf_token": token, "v-0-civil": "5", "was-v-0-civil": ""}, {"HX-Request": "true"}),
                 ("GET", "/cards/?q=baths", None, {"HX-Request": "true"})]
        n, stored = 0, ""
        while time.perf_counter() < stop:
            method, url, body, headers = steps[n % len(steps)]
            if body:      # the number this phone saw is the one it stored last: never refused as stale
                body = {**body, "v-0-civil": str(n % 9), "was-v-0-civil": stored}
                stored = str(n % 9)
            phone.conn.close()              # each tap on a new connection: the worst case (no keep-alive reuse)
            start = time.perf_counter()
            try:
                status, _, _ = phone.request(method, url, body, headers)
            except OSError:                 # a timeout counts as an error, at the time it took
                status = 599
                phone.conn.close()
            with lock:
                latencies.append(time.perf_counter() - start)
                errors[0] += status >= 400
            n += 1

    def send_photos(photo: bytes) -> None:
        sender = _Photographer(port, photo)
        while time.perf_counter() < stop:
            try:
                status, took, retry = sender.send_once()
            except OSError:
                sender.phone.conn.close()
                continue
            with lock:
                if status == 503:
                    waits[0] += 1
                else:
                    reads.append(took)
            if status == 503:
                time.sleep(min(retry, max(0.0, stop - time.perf_counter())))

    threads = [threading.Thread(target=use_the_app) for _ in range(OTHER_PHONES)]
    threads += [threading.Thread(target=send_photos, args=(p,)) for p in photos or []]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ms = [x * 1000 for x in latencies]
    return {"n": len(ms), "p50": round(percentile(ms, 50), 1), "p95": round(percentile(ms, 95), 1),
            "errors": errors[0], "read": len(reads), "waited": waits[0],
            "photo_p50_s": round(percentile(reads, 50), 2) if reads else 0.0}
