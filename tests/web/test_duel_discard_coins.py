"""A Duel card's discard says what it brings in coins, as 7 Wonders' sale does ("+3 coins").

A player walk in Italian: "Scartare Deposito di legname per monete — +2", a bare number beside the
7 Wonders table's "Vendere Bagni — +3 monete".
"""
import pytest

from .test_duel_tapped_card import revealed_duel, slot_moves
from .test_games import state

SAY = {"en": "+2 coins", "it": "+2 monete", "es": "+2 monedas", "fr": "+2 pièces", "ro": "+2 monede"}


@pytest.mark.parametrize("lang", sorted(SAY))
def test_a_discard_says_its_coins(client, lang):
    code, s = revealed_duel(client)
    client.get(f"/g/{code}?as={s['to_move']}&lang={lang}")
    slot = next(p["slot"] for p in state(client, code)["pyramid"] if p["accessible"] and not p["taken"])
    _section, moves = slot_moves(client, code, slot)
    discards = [words for words, doc in moves if doc["action"] == "discard"]
    assert discards and all(words.endswith(f"— {SAY[lang]}") for words in discards), discards
