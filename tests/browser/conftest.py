"""Phones: a 390x844 browser context on the shared Chromium; screenshots kept as artefacts."""
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Every expectation waits for its condition up to this long (Playwright's default is 5 s): a page on a
# loaded 2-core machine running two test workers and their Chromiums can be slow; a passing check is
# not slower for it. How fast things are is measured in bench/, not asserted here.
expect.set_options(timeout=30_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def speaking(browser, lang: str, javascript: bool = True):
    """A 390x844 page whose browser speaks `lang`, with JavaScript on or off."""
    context = browser.new_context(viewport=PHONE, locale=lang, java_script_enabled=javascript,
                                  extra_http_headers={"Accept-Language": lang})
    return context.new_page()


@pytest.fixture
def shoot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    return save


def join_group(member, newcomer, base: str) -> None:
    """`newcomer` (a page in another browser context) joins `member`'s group by its invitation link."""
    import re
    html = member.context.request.get(f"{base}/group/").text()
    link = re.search(r'value="(https?://[^"]+/group/join/[\w-]+)"', html).group(1)
    newcomer.goto(link)
    newcomer.locator("form[action*='/group/join/'] button[type=submit]").click()
    newcomer.wait_for_url(f"{base}/?joined=1")
