import os

# One thread per library in every test process and what it starts (gunicorn, reader processes):
# `make test` runs a pytest worker a core (and one more), and OpenCV's, OpenBLAS's and OpenMP's own
# pools of one thread per core would multiply the busy threads fighting for the cores. Not
# OMP_THREAD_LIMIT: scikit-learn's neighbour search breaks under it (companion/scan/tess.py).
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OPENCV_FOR_THREADS_NUM"):
    os.environ.setdefault(_name, "1")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from companion.catalog import catalog as load_project_catalog  # noqa: E402

# Hypothesis: no deadline anywhere (a shared 2-core machine makes any example slow now and then).
# "ci" (chosen when CI is set, as .ci/run does) is derandomized: the same examples every run, so a
# failure in CI is a failure of the code, and reproducible. "dev" draws new examples each run.
settings.register_profile("ci", derandomize=True, deadline=None, database=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

try:
    import cv2
    cv2.setNumThreads(1)
except ImportError:          # pragma: no cover - opencv is a dependency
    pass

# Slow tests: whole folders and files (a browser, a real server, photos, the fuzz), and single tests
# marked @pytest.mark.slow. `make check` runs the others (-m "not slow").
SLOW_PATHS = ("tests/browser/", "tests/scan/", "tests/server/", "tests/test_first_start.py",
              "tests/web/test_fuzz.py", "tests/web/test_photo_limits.py", "tests/web/test_security_browser.py")
# Single slow tests (5 s or more on the 2-core machine), named here so their files need no change.
SLOW_TESTS = (
    "tests/engine/seven_wonders/test_payment.py::test_the_cheapest_payment_matches_a_brute_force_search",
    "tests/engine/seven_wonders/test_lean_engine.py::test_shortfalls_no_choice_card_couples_are_priced_as_the_full",
    "tests/engine/seven_wonders/test_lean_engine.py::test_seeded_games_are_the_games_the_engine_played_before",
    "tests/engine/duel/test_duel_lean.py::test_memoised_prices_and_affordable_equal_the_whole_search",
    "tests/engine/duel/test_duel_lean.py::test_carried_facts_equal_facts_derived_afresh",
    "tests/engine/duel/test_duel_lean.py::test_structures_carried_from_move_to_move_equal_structures_read_afresh",
    "tests/engine/duel/test_duel_simulate.py::test_two_thousand_random_games_break_no_invariant",
    "tests/engine/seven_wonders/test_simulate.py::test_simulate_reports_no_violation",
    "tests/web/test_import_checked.py::test_a_fuzzed_import_is_never_a_500",
)
# Modules whose tests share module-scoped state (a server, generated photos, a count of examples
# sent) run on one pytest-xdist worker, in order; every other test goes to whichever worker is free.
TOGETHER = ("tests/server/", "tests/web/test_fuzz.py", "tests/scan/test_scan_photos.py",
            "tests/scan/test_scan_box_pads.py")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else str(item.path)
        if path.startswith(SLOW_PATHS) or f"{path}::{item.name}".startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadgroup` (as `make test` runs): TOGETHER's modules as units, every other test alone,
    the largest units first. (pytest-xdist's own loadgroup reads xdist_group marks into node ids,
    which pytest 9.2 no longer lets a plugin change: its groups were silently split.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Together(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path.startswith(TOGETHER) else nodeid
    return Together(config, log)


@pytest.fixture(scope="session")
def cat():
    return load_project_catalog()


@pytest.fixture(scope="session")
def index(cat):
    from companion.catalog.search import SearchIndex
    return SearchIndex(cat)


# The machine has no network: pages load htmx from its CDN and fall back on our copy. Chromium's
# lookup of the CDN's name fails at once most of the time but stalls 5 s now and then (one page load
# in ten: minutes over the suite); answering "no such host" at once tests the same fallback.
NO_CDN = "--host-resolver-rules=MAP unpkg.com ~NOTFOUND"


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one for each test process (two Playwright
    loops cannot run in one process, so every folder shares this one; each pytest-xdist
    worker has its own)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                           NO_CDN])
        yield chromium
        chromium.close()


@pytest.fixture
def live_server(tmp_path):
    """The app on a free loopback port, in a thread, on a fresh SQLite file."""
    import threading

    from werkzeug.serving import make_server

    from companion.web import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "live.sqlite3"), "SECRET_KEY": "live"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)
