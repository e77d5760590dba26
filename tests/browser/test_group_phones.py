"""Two phones at 390x844 in one group: the first lists the phones on /group/, removes the second (asked
first); the second is then out of the group and is told so. In English and in French."""
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, join_group
from .test_score_sheet import SheetPage, tr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_phone_removes_another_which_sees_it_is_out(live_server, browser, shoot, lang):
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang,
                                    extra_http_headers={"Accept-Language": lang}) for _ in range(2)]
    ana, bruno = (context.new_page() for context in contexts)
    SheetPage(ana, lang).start(live_server, "duel", ["Ximena", "Yusuf"])
    sheet = ana.url
    join_group(ana, bruno, live_server)
    bruno.goto(sheet)
    expect(bruno.locator("body")).to_contain_text("Ximena")

    ana.goto(f"{live_server}/group/")
    phones = ana.locator("[data-phones] li")
    expect(phones).to_have_count(2)
    expect(ana.locator('[data-phone="me"]')).to_contain_text(tr(lang, "This phone"))
    expect(ana.locator("body")).to_contain_text(tr(lang, "Shared the link with someone by mistake? Make a new one: "
                                                         "the old link stops working, and phones already in the "
                                                         "group stay in (remove one above if it should not)."))
    shoot(ana, f"group-phones-{lang}")
    ana.locator('[data-phone]:not([data-phone="me"])').get_by_role("link", name=tr(lang, "Remove")).click()
    expect(ana.get_by_role("heading", name=tr(lang, "Remove this phone?"))).to_be_visible()
    shoot(ana, f"group-remove-asked-{lang}")
    ana.get_by_role("button", name=tr(lang, "Remove the phone")).click()
    expect(ana.get_by_role("status").filter(has_text=tr(lang, "Phone removed: it no longer sees the group's games."))
           ).to_be_visible()
    expect(phones).to_have_count(1)

    # the second phone: the sheet it had open is gone for it, and /group/ says why
    answer = bruno.goto(sheet)
    assert answer.status == 404
    bruno.goto(f"{live_server}/group/")
    expect(bruno.locator("[data-removed]")).to_have_text(re.compile(re.escape(tr(
        lang, "This phone was removed from its group by another phone of the group: it no longer sees that "
              "group's games. To come back, ask for the group's link."))))
    expect(bruno.locator("body")).not_to_contain_text("Ximena")
    shoot(bruno, f"group-removed-phone-{lang}")
    width = bruno.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    for context in contexts:
        context.close()
