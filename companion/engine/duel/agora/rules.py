"""A Duel with Agora: `new_game`, `legal_actions(game, player)` and `apply(game, action)`.

The Duel's rules play every base move unchanged. Around them (card_db/duel/agora.toml,
read from Board Game Arena's implementation and checked against the English rulebook's
contents and Senate page):

- set-up: Agora's structures (25, 25 and 23 cards: 5, 5 and 3 senators shuffled into
  the ages' decks); a decree face up in chambers 1, 3 and 5; the others face down, turned
  up when a chamber gets its first cube; each player's 12 influence cubes;
- a senator recruited (built) costs a coin for each senator its recruiter already has; a
  politician takes 1 to 3 Senate actions by the city's blue cards (a cube placed in its
  section, or one moved to a neighbouring chamber); a conspirator places a cube anywhere
  or draws two conspiracies and keeps one;
- a conspiracy held is prepared as a turn, with an accessible card tucked under it, and
  triggered at the start of a later turn of its owner's (one a turn), before the turn's move;
- a chamber's decree holds for the player who controls the chamber;
- a military token the pawn passes costs no coins: it goes to the player who moved the
  pawn, the small one placing a cube, the large one removing an opponent's cube and
  moving one of one's own;
- controlling all six chambers wins at once (political supremacy).
"""
from __future__ import annotations

from ....catalog import Colour
from ...errors import IllegalAction
from ...messages import Coins, M
from .. import rules as duel
from ..actions import Build, BuildWonder, Discard, Rebuild, Reveal
from ..facts import tables
from ..pricing import affordable, unit_prices
from ..pyramid import Pyramid
from ..setup import new_game as duel_new_game
from ..state import CHANCE, GameState, Wait
from . import messages  # noqa: F401  (the box's message texts join the engine's)
from .actions import Prepare, Trigger
from .facts import PRICE_DECREE, facts, piece_of
from .pricing import priced
from .followups import HANDLERS, conspiring, follow_up, pending_actions, senate_changed, triggered_steps
from .senate import BOX, Senate, recruit_cost, senate_actions
from .state import Agora, AgoraGame, APending, AWait

POLITICAL = "political"


# -- set-up --------------------------------------------------------------------------

def new_game(first: int = 0, *, first_game: bool = False) -> AgoraGame:
    """The Duel's set-up; the face-up decrees to lay first (chance)."""
    f = facts()
    chambers = range(1, len(Senate.empty().cubes) + 1)
    agora = Agora(Senate.empty(), ((),) * len(chambers), decree_box=tuple(sorted(f.decrees)),
                  unrevealed=tuple(c for c in chambers if c not in f.face_up_chambers),
                  conspiracy_deck=tuple(sorted(f.conspiracies)),
                  pending=tuple(APending(AWait.LAY_DECREE, CHANCE, chamber=c) for c in f.face_up_chambers))
    base = duel_new_game(first, first_game=first_game)
    # The box's two wonders and two progress tokens join the base ones before any is drawn.
    base = base.evolve(loot_kept=True, unused=tuple(sorted(base.unused + f.tokens)),
                       unseen_wonders=tuple(sorted(base.unseen_wonders + f.wonders)))
    return AgoraGame(base, agora)


# -- what can be done -----------------------------------------------------------------

def reveal_candidates(game: AgoraGame) -> list[str]:
    """The cards a face-up slot may show: the Duel's (20 of them an age) and the age's senators
    not seen yet."""
    f = facts()
    base = game.base
    pyr = base.pyramid
    seen = pyr.known()
    senators_seen = sum(1 for c in seen if c in f.senators)
    out = duel.reveal_candidates(base) if len(seen) - senators_seen < duel.SLOTS else []
    if senators_seen < f.per_age[pyr.age - 1]:
        gone = set(seen) | set(base.discard) | {c for city in base.cities for c in city.buried}
        a = game.agora
        gone |= set(a.recruited[0]) | set(a.recruited[1]) | set(a.under)
        out += [s for s in f.senators if s not in gone]
    return [c for c in out if c not in game.agora.from_box]


def legal_actions(game: AgoraGame, player: int | None = None) -> list:
    mover = game.to_move()
    if mover is None or (player is not None and player != mover):
        return []
    if game.agora.pending:
        return pending_actions(game, game.agora.pending[0])
    base = game.base
    if base.pending:
        moves = duel.legal_actions(base, mover)
        if base.pending[0].wait == Wait.REBUILD:        # a senator is no building to rebuild
            moves = [m for m in moves if not _is_senator(m.card)]
        return moves
    if mover == CHANCE:
        candidates = reveal_candidates(game)
        return [Reveal(slot, card) for slot in base.pyramid.to_reveal() for card in candidates]
    return _turn_actions(game, mover)


def _is_senator(card: str) -> bool:
    return card in facts().senators


def _turn_actions(game: AgoraGame, player: int) -> list:
    base, a = game.base, game.agora
    city, opp = base.cities[player], base.cities[1 - player]
    t = tables()
    prices = unit_prices(city, opp)
    decrees = price_decrees(game, player)

    def can_pay(target) -> bool:
        if decrees:
            return priced(city, opp, target, decrees).total <= city.coins
        return affordable(city, opp, target, prices)
    wonders = [w for w in duel.wonders_open(base, city) if can_pay(t.wonders[w])]
    cost = _recruit_cost(game, player)
    out: list = [Trigger(c) for c in a.prepared[player]] if not a.trigger_used else []
    cards = base.pyramid.cards
    for slot in base.pyramid.open_slots:
        card = cards[slot]
        if (cost <= city.coins) if _is_senator(card) else can_pay(t.cards[card]):
            out.append(Build(slot))
        out.append(Discard(slot))
        out += [BuildWonder(slot, w) for w in wonders]
        out += [Prepare(slot, c) for c in a.held[player]]
    return out


def _recruit_cost(game: AgoraGame, player: int) -> int:
    free = bool(set(facts().free_senators) & set(game.base.cities[player].progress))      # Corruption
    return recruit_cost(len(game.agora.recruited[player]), free)


def price_decrees(game: AgoraGame, player: int) -> list:
    """The decrees that change `player`'s prices, held now."""
    return [d for kind in sorted(PRICE_DECREE) for d in controls(game, player, kind)]


def controls(game: AgoraGame, player: int, kind: str) -> list:
    """The decrees of effect `kind` whose chambers `player` controls."""
    f, a = facts(), game.agora
    return [f.decrees[d] for c, stack in enumerate(a.decrees, 1) for d in stack
            if f.decrees[d].kind == kind and a.senate.controller(c) == player]


# -- doing it -------------------------------------------------------------------------

def apply(game: AgoraGame, action) -> AgoraGame:
    """The game after `action`; IllegalAction when the rules forbid it."""
    mover = game.to_move()
    if mover is None:
        raise IllegalAction(M("game_over"))
    before = game.base
    a = game.agora
    turn = mover != CHANCE and not a.pending and not before.pending
    if a.pending:
        head = a.pending[0]
        handler = HANDLERS.get((head.wait, type(action)))
        if handler is None:
            raise IllegalAction(M(f"agora.first.{head.wait}", n=head.player + 1, chamber=head.chamber))
        game = handler(game.but(pending=a.pending[1:]), head, action)
    elif isinstance(action, (Trigger, Prepare)):
        if not turn:
            raise IllegalAction(M("duel.players_turn", n=before.to_move() + 1) if before.to_move() != CHANCE
                                else M("duel.enter_reveal"))
        game = _trigger(game, mover, action) if isinstance(action, Trigger) else _prepare(game, mover, action)
    elif mover == CHANCE and not before.pending and isinstance(action, Reveal):
        game = game.but(base=_reveal(game, action))
    elif turn and isinstance(action, Build) and _is_senator(_card_at(before, action.slot)):
        game = _recruit(game, mover, action.slot)
    elif isinstance(action, Rebuild) and _is_senator(action.card):
        raise IllegalAction(M("agora.senator_not_rebuilt"))
    elif turn and isinstance(action, (Build, BuildWonder)) and price_decrees(game, mover):
        game = game.but(base=_priced_turn(game, mover, action))
    else:
        game = game.but(base=duel.apply(before, action))
        if turn and isinstance(action, Discard):
            game = _discard_bonus(game, mover)
    if turn and not isinstance(action, Trigger):
        game = game.but(trigger_used=False)
    return _settle(game, before)


def _card_at(base: GameState, slot: int) -> str | None:
    pyr = base.pyramid
    return pyr.cards[slot] if pyr is not None and 0 <= slot < len(pyr.cards) else None


def _reveal(game: AgoraGame, a: Reveal) -> GameState:
    pyr = game.base.pyramid
    if a.slot not in pyr.to_reveal():
        raise IllegalAction(M("duel.slot_not_waiting", slot=a.slot))
    if a.card not in reveal_candidates(game):
        raise IllegalAction(M("duel.cannot_lie", card=duel._name(a.card), age=pyr.age))
    return duel._advance(game.base.evolve(pyramid=pyr.reveal(a.slot, a.card)))


def _recruit(game: AgoraGame, player: int, slot: int) -> AgoraGame:
    """A senator recruited: paid, kept beside the city, and its Senate actions or choice."""
    base = game.base
    pyramid, card = duel._take_card(base, slot)
    cost = _recruit_cost(game, player)
    city = base.cities[player]
    if cost > city.coins:
        raise IllegalAction(M("duel.costs_you_have", what=duel._name(card), cost=Coins(cost),
                              coins=Coins(city.coins)))
    section = facts().senators[card]
    again = section is None and bool(controls(game, player, "play_again_on_conspirator"))
    base = base.with_city(player, city.with_coins(-cost)).evolve(pyramid=pyramid, last=player,
                                                                 current=player if again else 1 - player)
    recruited = game.agora.recruited[player] + (card,)
    game = AgoraGame(base, game.agora.holding(player, "recruited", recruited))
    if section is None:
        follow = APending(AWait.CONSPIRATOR, player)
    else:
        extra = sum(d.amount for d in controls(game, player, "extra_blue_for_senate"))
        follow = APending(AWait.SENATE, player, section=section,
                          left=senate_actions(city.count(Colour.BLUE), extra))
    return game.but(pending=(follow,) + game.agora.pending)


def _priced_turn(game: AgoraGame, player: int, a: Build | BuildWonder) -> GameState:
    """A card or a wonder built at the price the player's decrees make (the Duel's steps after)."""
    base = game.base
    decrees = price_decrees(game, player)
    t = tables()
    if isinstance(a, BuildWonder):
        city = base.cities[player]
        if a.wonder not in city.wonders_left:
            raise IllegalAction(M("duel.not_your_wonder", wonder=duel._name(a.wonder)))
        if base.wonders_built >= duel.MAX_WONDERS:
            raise IllegalAction(M("duel.seven_built"))
        pyramid, card = duel._take_card(base, a.slot)
        cost = priced(city, base.cities[1 - player], t.wonders[a.wonder], decrees)
        city, opp = duel._paid(base, player, cost, a.wonder)
        base, again = duel._wonder_built(base, player, a.wonder, card, city, opp, {"pyramid": pyramid})
    else:
        pyramid, card = duel._take_card(base, a.slot)
        cost = priced(base.cities[player], base.cities[1 - player], t.cards[card], decrees)
        city, opp = duel._paid(base, player, cost, card)
        base = duel._gain_card(base, player, card, cost.free_by_chain, duel._seated(player, city, opp),
                               {"pyramid": pyramid})
        again = False
    if base.over:
        return base
    return base.evolve(current=player if again else 1 - player, last=player)


def _prepare(game: AgoraGame, player: int, a: Prepare) -> AgoraGame:
    """A conspiracy prepared: an accessible card tucked under it, face down; the turn passes."""
    held = game.agora.held[player]
    if a.conspiracy not in held:
        raise IllegalAction(M("agora.not_held", conspiracy=duel._name(a.conspiracy)))
    pyramid, card = duel._take_card(game.base, a.slot)
    base = game.base.evolve(pyramid=pyramid, current=1 - player, last=player)
    agora = game.agora.holding(player, "held", tuple(c for c in held if c != a.conspiracy))
    agora = agora.holding(player, "prepared", agora.prepared[player] + (a.conspiracy,))
    return AgoraGame(base, agora).but(under=agora.under + (card,))


def _trigger(game: AgoraGame, player: int, a: Trigger) -> AgoraGame:
    agora = game.agora
    if agora.trigger_used:
        raise IllegalAction(M("agora.one_trigger"))
    if a.conspiracy not in agora.prepared[player]:
        raise IllegalAction(M("agora.not_prepared", conspiracy=duel._name(a.conspiracy)))
    agora = agora.holding(player, "prepared", tuple(c for c in agora.prepared[player] if c != a.conspiracy))
    agora = agora.holding(player, "triggered", agora.triggered[player] + (a.conspiracy,))
    game = AgoraGame(game.base, agora).but(trigger_used=True)
    return triggered_steps(game, player, facts().conspiracies[a.conspiracy])


def _discard_bonus(game: AgoraGame, player: int) -> AgoraGame:
    bonus = sum(d.amount for d in controls(game, player, "discard_bonus_coins"))
    if not bonus:
        return game
    return game.but(base=game.base.with_city(player, game.base.cities[player].with_coins(bonus)))


# -- between moves ---------------------------------------------------------------------

def _settle(game: AgoraGame, before: GameState, advance: bool = True) -> AgoraGame:
    """What follows by itself: Agora's structure dealt for a new age, the decrees' coins for
    what was built, the military tokens passed, and the Duel's next step once Agora's queue
    is empty."""
    base = game.base
    if base.pyramid is not None and base.pyramid.shape != BOX:
        game = game.but(base=base.evolve(pyramid=Pyramid.deal(base.age, BOX)))
    if game.base.over:          # a victory ends the game at once: nothing waits any more
        return game.but(pending=()) if game.agora.pending else game
    game = _without_empty_rebuild(game)
    game = _decree_income(game, before)
    game = _box_wonders(game, before)
    game = _military_tokens(game, before)
    if game.base.over:
        return game
    if advance and not game.agora.pending:
        game = game.but(base=duel._advance(game.base))
        base = game.base
        if base.pyramid is not None and base.pyramid.shape != BOX:
            game = game.but(base=base.evolve(pyramid=Pyramid.deal(base.age, BOX)))
    return game


def _without_empty_rebuild(game: AgoraGame) -> AgoraGame:
    """The Mausoleum's build from the discard pile is let go when it holds senators only."""
    pending = game.base.pending
    if any(p.wait == Wait.REBUILD for p in pending) and all(_is_senator(c) for c in game.base.discard):
        return game.but(base=game.base.evolve(pending=tuple(p for p in pending if p.wait != Wait.REBUILD)))
    return game


def _decree_income(game: AgoraGame, before: GameState) -> AgoraGame:
    """Each card or wonder built, by either player: its decree's controller takes the age's coins."""
    t = tables()
    built: list[str] = []
    for old, new in zip(before.cities, game.base.cities):
        built += [t.cards[c].colour.value for c in new.cards if c not in old.cards]
        built += ["wonders"] * (len(new.wonders) - len(old.wonders))
    if not built:
        return game
    age = max(before.age, 1)
    base = game.base
    for player in (0, 1):
        gain = sum(age for d in controls(game, player, "coins_when_built_by_anyone") for b in built
                   if b in d.counts)
        if gain:
            base = base.with_city(player, base.cities[player].with_coins(gain))
    return game.but(base=base)


def _box_wonders(game: AgoraGame, before: GameState) -> AgoraGame:
    """The box's wonders: what they do when drafted (a wonder shown, now a player's) and when
    built, for Agora's part (the Duel's rules pay their coins, points and play again)."""
    f = facts()
    follow: tuple[APending, ...] = ()
    for player in (0, 1):
        old, new = before.cities[player], game.base.cities[player]
        drafted = [w for w in new.wonders_left if w in before.shown and w not in old.wonders_left]
        built = [w for w in new.wonders if w not in old.wonders]
        for steps in [f.drafted.get(w, ()) for w in drafted] + [f.built.get(w, ()) for w in built]:
            for step in steps:
                if step.kind == "conspire":
                    follow += conspiring(game, player)
                else:
                    follow += (follow_up(step, player),)
    return game.but(pending=follow + game.agora.pending) if follow else game


def _military_tokens(game: AgoraGame, before: GameState) -> AgoraGame:
    """Tokens the pawn passed: to the player who moved it (the small: a cube placed; the large:
    an opponent's cube removed, then one's own moved)."""
    passed = sorted(before.loot - game.base.loot, key=lambda t: (t.victim, t.at))
    follow: list[APending] = []
    for token in passed:
        pusher = 1 - token.victim
        if token.coins == facts().small_loot:
            follow.append(APending(AWait.PLACE, pusher))
        else:
            follow += [APending(AWait.REMOVE, pusher), APending(AWait.MOVE, pusher, optional=True)]
    if not follow:
        return game
    return game.but(pending=tuple(follow) + game.agora.pending)


__all__ = ["new_game", "legal_actions", "apply", "reveal_candidates", "senate_changed", "POLITICAL",
           "piece_of"]
