"""The group page open on the first phone lists a second phone that joined meanwhile once the page is looked
at again (back from the messenger that sent the link, the screen woken), without a reload and with no timer
(issue 29). Named by the last session's walk: the list showed this phone alone until the next page."""
from playwright.sync_api import expect

from .conftest import PHONE, join_group
from .sheet_page import new_sheet, tr

SHOWN_AGAIN = """() => {
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_phone_that_joined_shows_when_the_group_page_is_looked_at_again(live_server, browser):
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    ana, bruno = (context.new_page() for context in contexts)
    new_sheet(ana, live_server, "7wonders", ["Ximena", "Yusuf", "Zoe"])
    ana.goto(f"{live_server}/group/?lang=de")
    expect(ana.locator("[data-phones] li")).to_have_count(1)                # this phone, alone
    requests = []
    ana.on("request", lambda r: requests.append((r.url, r.headers.get("hx-request"), r.headers.get("hx-trigger"), r.resource_type)))
    join_group(ana, bruno, live_server)            # its own request for the link is not the page's
    requests.clear()
    ana.evaluate(SHOWN_AGAIN)
    expect(ana.locator("[data-phones] li")).to_have_count(2)
    expect(ana.locator('[data-phone="me"]')).to_contain_text(tr("de", "This phone"))
    expect(ana.locator('[data-phone]:not([data-phone="me"])').get_by_role(
        "link", name=tr("de", "Remove"))).to_be_visible()
    assert len([u for u in requests if "/group/" in u[0]]) == 1, requests      # asked once, then nothing
    for context in contexts:
        context.close()


def test_a_phone_removed_while_its_group_page_is_open_is_told_when_it_looks_again(live_server, browser):
    """The list asked again tells a phone removed meanwhile (told once: its next page would not say it)."""
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    ana, bruno = (context.new_page() for context in contexts)
    new_sheet(ana, live_server, "7wonders", ["Ximena", "Yusuf", "Zoe"])
    join_group(ana, bruno, live_server)
    bruno.goto(f"{live_server}/group/?lang=it")
    expect(bruno.locator("[data-phones] li")).to_have_count(2)
    ana.goto(f"{live_server}/group/?lang=it")
    ana.locator('[data-phone]:not([data-phone="me"])').get_by_role("link", name=tr("it", "Remove")).click()
    ana.get_by_role("button", name=tr("it", "Remove the phone")).click()
    expect(ana.locator("[data-phones] li")).to_have_count(1)

    bruno.evaluate(SHOWN_AGAIN)
    expect(bruno.locator("[data-removed]")).to_have_text(tr(
        "it", "This phone was removed from its group by another phone of the group: it no longer sees that "
              "group's games. To come back, ask for the group's link."))
    expect(bruno.locator("[data-phones]")).to_have_count(0)
    for context in contexts:
        context.close()
