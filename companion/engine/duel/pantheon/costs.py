"""What invoking a divinity costs (BGA's PaymentPlan, the rulebook's board: two costs a space).

A space prints one cost for each player: the game's first player pays
first_player_costs, the other other_player_costs. The Gate costs twice its
space. A wonder that lowers the Pantheon's costs (The Sanctuary) and the
offering tokens spent come off; a cost never falls below 0.
"""
from __future__ import annotations

from itertools import combinations

from .facts import facts
from .state import PantheonGame


def space_cost(game: PantheonGame, space: int, player: int) -> int:
    """The printed cost of `space` for `player`, the Gate's factor applied."""
    f = facts()
    costs = f.first_costs if player == game.base.first else f.other_costs
    divinity = game.pantheon.spaces[space]
    factor = f.divinities[divinity].cost_factor if divinity else 1
    return costs[space] * factor


def lasting_discount(game: PantheonGame, player: int) -> int:
    """The coins every invocation costs `player` less: their built wonders' divinity discounts."""
    discounts = facts().wonder_discounts
    return sum(discounts.get(w, 0) for w in game.base.cities[player].wonders)


def invocation_cost(game: PantheonGame, space: int, player: int, spent: tuple[str, ...] = ()) -> int:
    offerings = facts().offerings
    cost = space_cost(game, space, player) - lasting_discount(game, player) - sum(offerings[o] for o in spent)
    return max(0, cost)


def offering_choices(held: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every set of held offering tokens that may be spent on one invocation, none first."""
    return [combo for n in range(len(held) + 1) for combo in combinations(sorted(held), n)]
