"""The tracked table's head: its join address as a phone at 390 px shows it."""
import re

from .conftest import open_table
from .test_board_reuse import SEVEN


def test_the_join_address_breaks_after_g_never_inside_the_code(app, client):
    """The table's join address wrapped inside the game's code at 390 px ('…/g/GD', then '3MZM'): the
    code is kept whole (its own span, no wrap), the address may break before it."""
    code = open_table(client, SEVEN)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    note = re.search(r'<p class="note">Other phones: scan the code or open (.*?)</p>', page, re.S).group(1)
    assert note.endswith(f'/g/<wbr><span class="join-code">{code}</span>'), note
    assert "&lt;" not in note
    fr = client.get(f"/g/{code}?lang=fr").get_data(as_text=True)
    assert f'<wbr><span class="join-code">{code}</span>' in fr


def test_a_price_asked_without_htmx_with_a_code_argument_is_sent_to_the_table(client):
    """/g/CODE/price?code=² without htmx answered 500 (the redirect gave url_for "code" twice; found by
    the fuzz): sent to the table page with its other arguments."""
    code = open_table(client, SEVEN)
    answer = client.get(f"/g/{code}/price", query_string={"code": "²", "player": "Ana", "card": "altar"})
    assert answer.status_code == 303
    assert answer.headers["Location"].startswith(f"/g/{code}?") and "player=Ana" in answer.headers["Location"]
