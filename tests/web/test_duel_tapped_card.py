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
    return code, revealed_more(client, code)


def revealed_more(client, code: str) -> dict:
    """Every card turned face up entered (each the first the page offers); the game's state after."""
    while True:
        page = client.get(f"/g/{code}?as=all").get_data(as_text=True)
        found = re.search(r"name=\"doc\" value='([^']+)'[^>]*>\s*<button[^>]*data-reveal", page)
        if not found:
            return state(client, code)
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



def slot_moves(client, code: str, slot: int) -> tuple[str, list[tuple[str, dict]]]:
    """The chosen slot's moves: their section's HTML, and each button's words with its action."""
    page = client.get(f"/g/{code}?slot={slot}").get_data(as_text=True)
    found = re.search(r'<div class="moves" id="slot-moves"[^>]*>(.*?)</div>', page, re.S)
    if not found:
        return "", []
    forms = re.findall(r"name=\"doc\" value='([^']+)'>\s*<button[^>]*data-move>(.*?)</button>", found.group(1), re.S)
    return found.group(1), [(" ".join(words.split()), json.loads(markup.unescape(doc))) for doc, words in forms]


def test_a_card_too_dear_to_build_says_what_is_missing_beside_its_discard(client):
    """A card the mover cannot pay for offered 'Discard' alone and said nothing: the rules' reason is
    shown beside what it may still do (played until such a card turns up, the dearest built each turn)."""
    code, _ = revealed_duel(client)
    told = []
    for _turn in range(40):
        s = state(client, code)
        client.get(f"/g/{code}?as={s['to_move']}")
        dearest = None
        for slot in (p["slot"] for p in s["pyramid"] if p["accessible"] and not p["taken"]):
            section, moves = slot_moves(client, code, slot)
            why = re.search(r'<p class="note" data-why-not>(.*?)</p>', section, re.S)
            builds = [(w, d) for w, d in moves if d["action"] == "build"]
            assert bool(why) != bool(builds), (slot, section)      # a reason exactly where no build is offered
            if why:
                told.append(why.group(1))
            for words, doc in builds:
                cost = int((re.search(r"(\d+) coins?$", words) or [0, 0])[1])
                dearest = max(dearest or (-1, {}), (cost, doc), key=lambda c: c[0])
        if told or dearest is None:
            break
        assert post(client, code, **dearest[1]).status_code == 200
        revealed_more(client, code)
    assert told and all("coin" in t for t in told), told
