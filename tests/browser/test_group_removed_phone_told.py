"""A phone removed from its group while it has one of the group's sheets open is told why, in its
language, when it types next and when it opens the sheet again (a walk in ro and it at 390x844:
"Pagina nu a fost găsită: Nu există nimic la această adresă." under the number just typed)."""
import pytest
from playwright.sync_api import expect

from .conftest import PHONE, join_group
from .test_score_sheet import SheetPage, tr

REMOVED = ("This phone was removed from its group by another phone of the group: it no longer sees that "
           "group's games. To come back, ask for the group's link.")


@pytest.mark.parametrize("lang", ["ro", "it"])
def test_a_removed_phone_typing_on_the_groups_sheet_is_told_it_was_removed(live_server, browser, lang):
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang,
                                    extra_http_headers={"Accept-Language": lang}) for _ in range(2)]
    ana, bruno = (context.new_page() for context in contexts)
    SheetPage(ana, lang).start(live_server, "7wonders", ["Ximena", "Yusuf", "Zoe"])
    sheet = ana.url
    join_group(ana, bruno, live_server)
    bruno.goto(sheet)
    expect(bruno.locator("body")).to_contain_text("Ximena")

    ana.goto(f"{live_server}/group/")
    ana.locator('[data-phone]:not([data-phone="me"])').get_by_role("link", name=tr(lang, "Remove")).click()
    ana.get_by_role("button", name=tr(lang, "Remove the phone")).click()
    expect(ana.locator("[data-phones] li")).to_have_count(1)

    cell = bruno.locator('input[name="v-0-military"]')
    cell.click()
    cell.fill("5")
    cell.press("Tab")
    expect(bruno.get_by_role("alert").filter(has_text=tr(lang, REMOVED))).to_be_visible()
    expect(bruno.get_by_role("alert")).not_to_contain_text(tr(lang, "There is nothing at this address."))
    assert bruno.goto(sheet).status == 404                  # the sheet again: still told, as a page
    expect(bruno.locator("main")).to_contain_text(tr(lang, REMOVED))
    expect(bruno.locator("main")).not_to_contain_text("Ximena")
    bruno.goto(f"{live_server}/group/")                     # the group page tells it too, once
    expect(bruno.locator("[data-removed]")).to_contain_text(tr(lang, REMOVED))
    for context in contexts:
        context.close()
