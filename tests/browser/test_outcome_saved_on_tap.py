"""How a Duel ended is saved when it is tapped, as a number is when typed (a player walk in Portuguese:
"Ana won by political supremacy" tapped, then "Save to history" filed the game as João's civilian
victory, the choice never sent: it waited for the section's own Save button)."""
import re

from playwright.sync_api import expect

from .sheet_page import new_sheet


def test_a_supremacy_tapped_then_filed_is_the_games_outcome(live_server, phone):
    phone.goto(f"{live_server}/sheets/new?pad=duel&box=pantheon&box=agora")
    for i, name in enumerate(["Ana", "João"]):
        phone.locator('input[name="name"]').nth(i).fill(name)
    phone.locator("button[data-enter-last]").click()
    phone.wait_for_url(re.compile(r".*/sheets/(?!new)[\w-]+$"))
    sheet = phone.url
    phone.goto(sheet + "?section=senate")
    phone.locator("input[name='v-1-senate']").fill("7")
    phone.locator("input[name='v-1-senate']").press("Enter")
    phone.goto(sheet + "?section=outcome")
    for choice in ("João won by military supremacy", "Ana won by political supremacy"):  # changed mind once
        with phone.expect_response(lambda r: r.request.method == "POST" and r.url == sheet):
            phone.get_by_label(choice).check()
    phone.reload()
    expect(phone.get_by_label("Ana won by political supremacy")).to_be_checked()
    phone.get_by_role("button", name="Save to history").click()
    phone.get_by_role("button", name="Save anyway").click()          # Ana's column is empty
    phone.wait_for_url(re.compile(r".*/history/.*"))
    game = phone.locator("[data-victory]").first
    expect(game).to_have_attribute("data-victory", "political")
    expect(phone.locator("main")).to_contain_text("1. Ana")


def test_a_wonder_board_chosen_then_filed_counts_in_the_statistics(live_server, phone):
    """The boards section the same way: a board chosen, then "Save to history", was filed without it."""
    new_sheet(phone, live_server, "7wonders", ["Ana", "Bo", "Cy"])
    sheet = phone.url
    phone.goto(sheet + "?section=boards")
    board = phone.locator("select[name='w-0']")
    name = board.locator("option").nth(2).inner_text()
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url == sheet):
        chosen = board.select_option(index=2)[0]
    expect(phone.locator("input[name='was-w-0']")).to_have_value(chosen)      # the entry as saved, back
    # and taken up by htmx (its change listened to) once settled
    phone.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
                            " && document.querySelector('#board-entry-0')['htmx-internal-data']")
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url == sheet):
        phone.locator("select[name='s-0']").select_option("B")
    phone.reload()
    expect(phone.locator("select[name='w-0'] option:checked")).to_have_text(name)
    expect(phone.locator("select[name='s-0']")).to_have_value("B")
    phone.get_by_role("button", name="Save to history").click()
    phone.get_by_role("button", name="Save anyway").click()
    phone.wait_for_url(re.compile(r".*/history/.*"))
    expect(phone.locator(".stats-section")).to_contain_text(name)
