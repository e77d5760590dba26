"""Count the reference cycles a piece of code leaves, in an interpreter of its own.

The simulators play with the cyclic collector off, so a game must be freed by
reference counts alone. Counting in the test process is not enough: threads
left by other tests (a live server, a browser driver) make garbage of their
own while the games play, which a full run once counted as the games'.
"""
import subprocess
import sys
import textwrap

SCRIPT = """\
import gc
{warm}
gc.collect()
gc.disable()
{play}
print(gc.collect())
"""


def unreachable_after(warm: str, play: str) -> int:
    """Objects the collector finds unreachable after `play`, run with the collector off after `warm`."""
    script = SCRIPT.format(warm=textwrap.dedent(warm), play=textwrap.dedent(play))
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return int(run.stdout.split()[-1])
