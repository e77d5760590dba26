"""A tracked Duel with the Pantheon (and the Agora): the phone that waits was told only "Ana to play
(a choice to make)" or "enter what was turned over", not which entry the table waits for nor whose it
is. The status line says it in the rules' words, the player by name, in the reader's language: "Bruno
places a divinity in the Pantheon first", never "Player Bruno places ..." (the rules' sentence for a number)."""
import re

import pytest

from .test_box_tables import BOTH, play_until, state
from .test_box_tables import new_boxed
from .test_words_in_french import said
from ..browser.sheet_page import tr

STATUS = re.compile(r'<p class="status" data-status>(.*?)</p>', re.S)


def status(client, code, seat):
    return said(STATUS.search(client.get(f"/g/{code}?as={seat}").get_data(as_text=True)).group(1))


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_a_divinity_to_place_is_said_with_whose_it_is(client, lang):
    client.get("/", query_string={"lang": lang})
    code = new_boxed(client, BOTH)
    now = play_until(client, code, lambda s: s["waiting_for"] == "place_divinity")
    who = now["to_move"]
    other = next(p["name"] for p in now["players"] if p["name"] != who)
    expected = tr(lang, "Age %(age)s · %(what)s") % {
        "age": now["age"], "what": tr(lang, "%(name)s places a divinity in the Pantheon first.") % {"name": who}}
    assert status(client, code, other) == expected
    assert status(client, code, who) == expected


def test_a_chance_entry_of_a_box_is_said(client):
    client.get("/", query_string={"lang": "de"})
    code = new_boxed(client, ["pantheon"])
    now = state(client, code)
    assert now["waiting_for"] == "lay_mythology", now["waiting_for"]
    assert "%(slot)s" not in status(client, code, "Ana")
    first = tr("de", "Enter the mythology token laid on slot %(slot)s first.")[:10]
    assert status(client, code, "Ana").startswith(tr("de", "Set-up · %(what)s") % {"what": first})


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_the_wait_names_the_player_without_player_before_it(client, lang):
    client.get("/", query_string={"lang": lang})
    code = new_boxed(client, BOTH)
    now = play_until(client, code, lambda s: s["waiting_for"] == "place_divinity")
    shown = status(client, code, now["to_move"])
    player = tr(lang, "Player %(n)s places a divinity in the Pantheon first.").split("%(n)s")[0]
    assert now["to_move"] in shown and player not in shown, shown


def test_a_seat_without_a_name_is_said_by_its_number():
    """The engine's wait for a seat whose name is blank says "Player 2", never " places ..." with no one."""
    from companion.engine.duel.box_table import waiting
    from companion.engine.messages import render

    class Head:
        wait, player, slot, chamber = "place_divinity", 1, None, None

    class Box:
        pending = (Head(),)

    class Game:
        agora, pantheon = None, Box()

    assert render(waiting(Game(), ("Ana", " "))) == "Player 2 places a divinity in the Pantheon first."
    assert render(waiting(Game(), ("Ana", "Bruno"))) == "Bruno places a divinity in the Pantheon first."
