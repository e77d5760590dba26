import pytest

from companion.catalog import catalog as load_project_catalog


@pytest.fixture(scope="session")
def cat():
    return load_project_catalog()


@pytest.fixture(scope="session")
def index(cat):
    from companion.catalog.search import SearchIndex
    return SearchIndex(cat)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one for the whole session (two Playwright
    loops cannot run in one process, so every folder shares this one)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
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
