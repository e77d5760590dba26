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
