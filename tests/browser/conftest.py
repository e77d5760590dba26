"""A real server on a free loopback port and a real headless Chromium (Debian's)."""
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion.web import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "browser.sqlite3"), "SECRET_KEY": "browser"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def shoot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    return save
