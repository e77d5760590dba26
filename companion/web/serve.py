"""`make run`: serve the app on every interface and say which URL a phone opens."""
from __future__ import annotations

import os
import socket
import subprocess
import sys


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, read locally (no traffic)."""
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
        found = [a for a in out.split() if "." in a and not a.startswith("127.")]
    except (OSError, subprocess.SubprocessError):
        found = []
    if not found:
        try:
            found = [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
        except OSError:
            found = []
    return found


# As the Procfile (README: "Deploying"): gevent workers, each holding thousands of
# idle pushed-change streams, at most 128 of them a client (companion/serving/worker.py);
# a stopping worker lets them go in 5 s; the access log without secrets in addresses.
PROCFILE_OPTIONS = ["--worker-class", "companion.serving.worker.CappedGeventWorker", "--workers", "2",
                    "--worker-connections", "4000", "--graceful-timeout", "5", "--access-logfile", "-",
                    "--logger-class", "companion.serving.access_log.RedactingLogger"]


def main() -> None:
    port = os.environ.get("PORT", "8000")
    # Nothing is trained here: the photo reader's digit network ships as weights
    # (companion/scan/data/digits-net.npz), read on the first photo in a moment.
    addresses = lan_addresses()
    print("\n  7 Wonders companion is starting.", flush=True)
    for address in addresses:
        print(f"  Open on a phone on the same network:  http://{address}:{port}/", flush=True)
    print(f"  On this machine:                      http://127.0.0.1:{port}/\n", flush=True)
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "companion.web:create_app()",
                               "--bind", f"0.0.0.0:{port}", *PROCFILE_OPTIONS])


if __name__ == "__main__":
    main()
