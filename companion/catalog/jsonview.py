"""Entities as the JSON of the contract's "cards" section (extended, never renamed)."""
from __future__ import annotations

from .architects import ArchitectsToken, ArchitectsWonder, Medal
from .catalog import Catalog
from .model import BoardWonder, BoxPiece, Card, DuelWonder, Entity, ProgressToken


def entity_json(entity: Entity, catalog: Catalog) -> dict:
    out = {
        "id": entity.id,
        "game": entity.game.contract_name,
        "edition": entity.edition,
        "kind": entity.listed_kind,
        "name": entity.name,
        "names": entity.names_by_lang(),
        "aliases": list(entity.aliases),
    }
    if isinstance(entity, Card):
        def name_of(ident: str) -> str:
            return catalog.get(entity.game, entity.edition, ident).name
        out.update({
            "age": entity.age,
            "colour": entity.colour.value,
            "cost": entity.cost.as_json(),
            "counts": list(entity.counts) if entity.game.value == "seven_wonders" else None,
            "chains_from": [name_of(i) for i in entity.chains_from],
            "chains_to": [name_of(i) for i in entity.chains_to],
            "effects": [e.as_json() for e in entity.effects],
        })
    elif isinstance(entity, BoardWonder):
        out.update({
            "resource": entity.resource.value if entity.resource else None,
            "start_coins": entity.start_coins,        # added: a box's board's coins at the start (Manneken Pis)
            "sides": [{"side": s.side, "source": s.source, "effects": [e.as_json() for e in s.effects],
                       "stages": [{"cost": st.cost.as_json(), "effects": [e.as_json() for e in st.effects]}
                                  for st in s.stages]} for s in entity.sides],
        })
    elif isinstance(entity, DuelWonder):
        out.update({"cost": entity.cost.as_json(), "effects": [e.as_json() for e in entity.effects]})
    elif isinstance(entity, ProgressToken):
        out.update({"effects": [e.as_json() for e in entity.effects]})
    elif isinstance(entity, BoxPiece):
        out.update(piece_json(entity))
    elif isinstance(entity, (ArchitectsWonder, ArchitectsToken, Medal)):
        out.update(architects_json(entity))
    if entity.expansion is not None:
        out["expansion"] = entity.expansion
    out["source"] = entity.source
    out["name_sources"] = {n.lang: n.source for n in entity.local_names()}
    if entity.doubt:
        out["doubt"] = entity.doubt
    return out


def piece_json(piece: BoxPiece) -> dict:
    """A box's piece: only the fields its kind uses."""
    out: dict = {}
    if piece.mythology is not None:
        out["mythology"] = piece.mythology
    if piece.section is not None:
        out["section"] = piece.section
    out["copies"] = piece.copies
    if not piece.cost.is_free:
        out["cost"] = piece.cost.as_json()
    if piece.cost_factor != 1:
        out["cost_factor"] = piece.cost_factor
    out["effects"] = [e.as_json() for e in piece.effects]
    if piece.level:                      # Armada: an island's level; Edifice: an edifice's Age
        out["level"] = piece.level
    if piece.value:                      # Armada: a naval conflict token's points
        out["value"] = piece.value
    if piece.coins_per_held:             # Agora: a senator's coins for each senator its recruiter has
        out["coins_per_held"] = piece.coins_per_held
    if piece.piece in ("edifice", "great-project"):    # what a player without a pawn suffers if not built
        out["penalty"] = [e.as_json() for e in piece.penalty]
    return out


def architects_json(entity) -> dict:
    """7 Wonders Architects: a wonder's stages and power, a token's effect and score, a medal's objective."""
    if isinstance(entity, ArchitectsWonder):
        return {"stages": entity.stages, "stage_points": list(entity.stage_points) or None,
                "stage_levels": list(entity.stage_levels) or None, "power": entity.power, "does": entity.does}
    if isinstance(entity, Medal):
        return {"objective": entity.objective, "needs": dict(entity.needs)}
    score = entity.score
    return {"effect": entity.effect, "text": entity.text, "copies": entity.copies, "does": entity.does,
            "on": list(entity.on) or None, "amount": entity.amount,
            "score": None if score is None else {k: v for k, v in (
                ("per", score.per), ("points", score.points if score.per != "set" else None),
                ("complete", score.complete), ("scale", list(score.scale) or None)) if v is not None}}
