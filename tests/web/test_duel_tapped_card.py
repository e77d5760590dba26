"""A Duel card tapped that this phone cannot take says why: out of turn (the card was highlighted and
nothing else happened; every takeable card was outlined on both phones), or still covered."""
import html as markup
import json
import re

from .test_games import new_duel, post, setup_duel, state


def revealed_duel(client) -> tuple[str, dict]:
    """A Duel after its set-up with Age I's face-up cards entered (each the first the page offers)."""
    code = new_duel(client)
    setup_duel(client, code)
    while True:
        page = client.get(f"/g/{code}?as=all").get_data(as_text=True)
        found = re.search(r"name=\"doc\" value='([^']+)'[^>]*>\s*<button[^>]*data-reveal", page)
        if not found:
            return code, state(client, code)
        assert post(client, code, **json.loads(markup.unescape(found.group(1)))).status_code == 200


def board(client, code: str, seat: str, slot: int) -> str:
    client.get(f"/g/{code}?as={seat}")
    return client.get(f"/g/{code}?slot={slot}").get_data(as_text=True)


def test_a_card_tapped_out_of_turn_says_whose_turn_it_is(client):
    code, s = revealed_duel(client)
    mover = s["to_move"]
    other = next(p["name"] for p in s["players"] if p["name"] != mover)
    takeable = next(p["slot"] for p in s["pyramid"] if p["accessible"] and not p["taken"])
    waiting = board(client, code, other, takeable)
    assert f"It is {mover}&#39;s turn to play a card." in waiting or f"It is {mover}'s turn to play a card." in waiting
    assert "data-takes" not in waiting and "data-move" not in waiting
    playing = board(client, code, mover, takeable)
    assert "data-takes" in playing and "data-why-not" not in playing and 'id="slot-moves"' in playing


def test_a_covered_card_tapped_says_it_is_covered(client):
    code, s = revealed_duel(client)
    mover = s["to_move"]
    covered = next(p["slot"] for p in s["pyramid"] if p["face_up"] and not p["accessible"] and p["card"])
    page = board(client, code, mover, covered)
    assert "This card is still covered: tap a card with nothing on it." in page and 'id="slot-moves"' not in page
    de = client.get(f"/g/{code}?slot={covered}&lang=de").get_data(as_text=True)
    assert "Diese Karte ist noch verdeckt" in de
