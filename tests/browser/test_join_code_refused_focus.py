"""A game's code mistyped on the join page (pt, 390x844): the refusal was shown and the keys left on
<body>, the field to correct a Tab or a tap away. The field takes the focus again, what was typed in
it (as the code is read), with and without JavaScript."""
import pytest
from playwright.sync_api import expect

from .conftest import speaking


@pytest.mark.parametrize("javascript", [True, False])
def test_a_mistyped_code_gives_the_field_back(live_server, browser, javascript):
    page = speaking(browser, "pt", javascript)
    page.goto(f"{live_server}/g/join")
    field = page.locator("input[name=code]")
    field.click()
    page.keyboard.type("zz-99")
    page.keyboard.press("Enter")
    expect(page.locator("#join-error")).to_contain_text("Nenhuma partida em andamento tem o código ZZ99")
    expect(field).to_be_focused()
    expect(field).to_have_value("ZZ99")
    page.context.close()
