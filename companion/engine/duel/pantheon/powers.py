"""What a divinity does once invoked (BGA's Material.php, in our words; the powers
are the effect kinds of card_db/duel/pantheon.toml, never a divinity's name).

POWERS lists the kinds played here; a divinity with another kind cannot be
invoked yet (rules.py leaves it out of the legal moves and refuses it).
"""
from __future__ import annotations

from .. import rules as duel
from ..state import CHANCE, GameState
from .facts import Divinity
from .state import PantheonGame, PPending, PWait

POWERS = frozenset({"coins", "shields", "points", "build_from_discard", "discard_from_structure",
                    "take_opponent_card", "take_opponent_wonder", "discard_wonder_card", "science",
                    "copy_opponent_science", "progress_set_aside", "military_token_swap", "invoke_top_divinities",
                    "build_wonder_from_discard", "minerva_pawn", "coins_on_card"})


def playable(divinity: Divinity) -> bool:
    return all(kind in POWERS for kind in divinity.powers)


def invoke_power(game: PantheonGame, player: int, divinity: Divinity) -> PantheonGame:
    """`divinity`'s powers for `player`, in order; the choices they ask wait first in line."""
    base: GameState = game.base
    follow: list[PPending] = []
    for kind in divinity.powers:
        if kind == "coins":                    # Tanit
            base = base.with_city(player, base.cities[player].with_coins(divinity.amount(kind)))
        elif kind == "shields":                # Mars: no red card, so no Strategy shield
            base = duel._push(base, player, divinity.amount(kind))
            if base.over:
                return game.but(base=base)
        elif kind == "points":                 # Aphrodite: counted at the end (scoring.py)
            pass
        elif kind == "build_from_discard":     # Hades: as The Mausoleum
            if base.discard:
                base = base.evolve(pending=(duel.Pending(duel.Wait.REBUILD, player),) + base.pending)
        elif kind == "discard_from_structure":  # Zeus
            if base.pyramid is not None and not base.pyramid.empty:
                follow.append(PPending(PWait.DISCARD_SLOT, player))
        elif kind == "take_opponent_card":     # Baal
            colours = divinity.colours
            if any(f.colour.value in colours for f in base.cities[1 - player].card_facts):
                follow.append(PPending(PWait.TAKE_CARD, player, options=colours))
        elif kind == "take_opponent_wonder":   # Ra
            if base.cities[1 - player].wonders_left:
                follow.append(PPending(PWait.TAKE_WONDER, player))
        elif kind == "discard_wonder_card":    # Anubis
            if base.cities[0].wonders or base.cities[1].wonders:
                follow.append(PPending(PWait.UNBUILD, player))
        elif kind == "science":                # Ishtar: the Law token's symbol
            base = grant_symbol(base, player, divinity.symbol)
            if base.over:
                return game.but(base=base)
        elif kind == "copy_opponent_science":  # Nisaba: the snake on an opponent's green card
            if any(f.symbol for f in base.cities[1 - player].card_facts):
                follow.append(PPending(PWait.SNAKE, player))
        elif kind == "progress_set_aside":     # Enki: the tokens laid on her when revealed
            laid = game.pantheon.enki
            draws = 0 if laid else min(divinity.amount("progress_set_aside"), len(base.unused))
            follow += [PPending(PWait.ENKI_DRAW, CHANCE)] * draws
            if laid or draws:
                follow.append(PPending(PWait.ENKI_PICK, player))
        elif kind == "military_token_swap":    # Neptune
            if base.loot:
                follow.append(PPending(PWait.LOOT_DROP, player))
                if len(base.loot) > 1:
                    follow.append(PPending(PWait.LOOT_APPLY, player))
        elif kind == "invoke_top_divinities":  # the Gate
            follow += [PPending(PWait.GATE_DRAW, CHANCE, mythology=m)
                       for m, deck in game.pantheon.decks if deck]
            follow.append(PPending(PWait.GATE_PICK, player))
        elif kind == "build_wonder_from_discard":  # Isis
            if base.discard and base.cities[player].wonders_left and base.wonders_built < duel.MAX_WONDERS:
                follow.append(PPending(PWait.ISIS, player))
        elif kind == "minerva_pawn":           # Minerva: her pawn halts the conflict pawn once
            follow.append(PPending(PWait.MINERVA, player))
        elif kind == "coins_on_card":          # Astarte: coins kept apart, spendable, never lost
            amount = divinity.amount(kind)
            base = base.with_city(player, base.cities[player].with_coins(amount))
            sheltered = game.pantheon.sheltered
            game = game.but(sheltered=(sheltered[0] + amount, sheltered[1]) if player == 0
                            else (sheltered[0], sheltered[1] + amount))
        else:
            raise AssertionError(kind)
    return game.but(base=base, pending=tuple(follow) + game.pantheon.pending)


def grant_symbol(base: GameState, player: int, symbol: str) -> GameState:
    """A science symbol for `player` from no card: a pair lets them take a progress token,
    six different symbols win, as a green card's would (the Duel's science rules)."""
    base = base.with_city(player, base.cities[player].with_symbol(symbol))
    return duel._science(base, player, symbol)


def points(divinity: Divinity) -> int:
    """The points a divinity invoked is worth at the end."""
    return divinity.amount("points")
