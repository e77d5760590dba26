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
