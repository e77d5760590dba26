"""A tracked game at a real table: actions posted as JSON, the public state answered as JSON."""
import random

import pytest

from companion.engine.duel import table
from companion.engine.duel.setup import new_game
from companion.engine.duel.simulate import Dealer
from companion.engine.errors import BadInput, IllegalAction

NAMES = ("Ana", "Bruno")


def first_game_at_age_one():
    state = new_game(0, first_game=True)
    for token in ("Agriculture", "Law", "Philosophy", "Urbanism", "Mathematics"):
        state, _ = table.play(state, {"action": "show-progress", "token": token}, NAMES)
    return state


def reveal_all(state, dealer):
    while table.to_json(state, NAMES)["to_move"] == "chance":
        event = dealer.event(state)
        state, _ = table.play(state, {"action": "reveal", "slot": event.slot, "card": event.card}, NAMES)
    return state


def test_face_up_cards_are_entered_by_name_before_the_first_turn():
    state = first_game_at_age_one()
    shown = table.to_json(state, NAMES)
    assert shown["to_move"] == "chance" and shown["waiting_for"] == "reveal"
    assert all(slot["card"] is None for slot in shown["pyramid"])
    state = reveal_all(state, Dealer.shuffle(random.Random(2)))
    shown = table.to_json(state, NAMES)
    assert shown["to_move"] == "Ana"
    face_up = [s for s in shown["pyramid"] if s["face_up"]]
    face_down = [s for s in shown["pyramid"] if not s["face_up"]]
    assert len(face_up) == 12 and all(s["card"] for s in face_up) and all(s["card"] is None for s in face_down)


def test_a_build_names_the_card_and_answers_what_was_paid():
    dealer = Dealer.shuffle(random.Random(2))
    state = reveal_all(first_game_at_age_one(), dealer)
    card = dealer.decks[1][14]
    after, paid = table.play(state, {"player": "Ana", "action": "sell", "card": card}, NAMES)
    assert paid["gained"] == 2 and after.cities[0].coins == 9
    shown = table.to_json(after, NAMES)
    assert shown["discard"] == [card] and shown["conflict"] == 0
    assert shown["progress_available"] == ["agriculture", "law", "philosophy", "urbanism", "mathematics"]


def test_only_the_player_to_move_may_play():
    dealer = Dealer.shuffle(random.Random(2))
    state = reveal_all(first_game_at_age_one(), dealer)
    with pytest.raises(IllegalAction, match="Ana's move"):
        table.play(state, {"player": "Bruno", "action": "sell", "card": dealer.decks[1][14]}, NAMES)


def test_a_covered_card_cannot_be_played():
    dealer = Dealer.shuffle(random.Random(2))
    state = reveal_all(first_game_at_age_one(), dealer)
    with pytest.raises(IllegalAction, match="covered"):
        table.play(state, {"player": "Ana", "action": "build", "card": dealer.decks[1][5]}, NAMES)


def test_bad_posted_actions_say_where():
    state = first_game_at_age_one()
    for doc, where in (({"action": "fly"}, "action"), ({"action": "build"}, "card"),
                       ({"action": "reveal", "slot": "x", "card": "Baths"}, "slot"),
                       ({"action": "reveal", "slot": 1, "card": "Bathz"}, "card"),
                       ({"player": "Zoe", "action": "sell", "card": "Baths"}, "player")):
        with pytest.raises(BadInput) as err:
            table.play(state, doc, NAMES)
        assert err.value.where == where


def test_every_legal_move_round_trips_through_its_json():
    """A page posts to_doc(action); the table must read back the same action."""
    import random

    from companion.engine.duel import table
    from companion.engine.duel.rules import apply
    from companion.engine.duel.setup import new_game
    names = ("A", "B")
    state, rng = new_game(0), random.Random(3)
    for _ in range(120):
        moves = table.legal_docs(state, names)
        if not moves:
            break
        action, doc = rng.choice(moves)
        who, parsed = table.from_json(state, doc, names)
        assert parsed == action, (doc, action, parsed)
        state = apply(state, action)


def test_a_refusal_at_a_table_names_the_player_the_rules_wait_for():
    state = new_game(0)
    for token in ("Agriculture", "Law", "Philosophy", "Urbanism", "Mathematics"):
        state, _ = table.play(state, {"action": "show-progress", "token": token}, NAMES)
    for wonder in ("The Pyramids", "The Colossus", "The Great Library", "The Appian Way"):
        state, _ = table.play(state, {"action": "show-wonder", "wonder": wonder}, NAMES)
    with pytest.raises(IllegalAction) as refused:
        table.play(state, {"player": "Ana", "action": "progress", "token": "Law"}, NAMES)
    assert refused.value.reason == "Ana picks a wonder first."          # not "Player 1"
    assert refused.value.msg.to_json() == {"key": "duelt.first.pick_wonder", "params": {"name": "Ana"}}
