"""7 Wonders Architects: architects/game.toml, wonders.toml, progress.toml and medals.toml."""
from __future__ import annotations

from ..architects import (NEEDS, POWERS, SCORE_KINDS, TAKEN, TOKEN_DOES, TOKEN_EFFECTS, ArchitectsBox, ArchitectsFacts, ArchitectsToken,
                          ArchitectsWonder, Medal, TokenScore)
from ..errors import CatalogError
from ..model import Game
from .fields import ENTITY_KEYS, check_source, entity_fields
from .files import CardDbFiles, entry_name, list_of, top_keys

BOXES = ("medals",)       # the boxes of the game (card_db/boxes.toml names them too)


def read_architects(files: CardDbFiles) -> ArchitectsBox:
    facts = _facts(files)
    wonders = _entries(files, "architects/wonders.toml", "wonder", _wonder)
    tokens = _entries(files, "architects/progress.toml", "token", _token)
    medals = _medals(files)
    ids = [e.id for e in wonders + tokens + medals]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise CatalogError(f"ids are used twice: {doubled}", "architects")
    kinds = {t.id for t in tokens}
    for token in tokens:
        if token.score and token.score.kind_of and token.score.kind_of not in kinds:
            raise CatalogError(f'"with" names no token: {token.score.kind_of}', "architects/progress.toml", token.id)
    for wonder in wonders:
        if wonder.stage_points and len(wonder.stage_points) != facts.stages:
            raise CatalogError(f"stage_points lists {facts.stages} stages", "architects/wonders.toml", wonder.id)
        if len(wonder.stage_levels) != len(wonder.stage_points):
            raise CatalogError("stage_level gives each stage of stage_points its level", "architects/wonders.toml",
                               wonder.id)
    return ArchitectsBox(facts, wonders, tokens, medals)


def check_row_steps(rows, facts: ArchitectsFacts) -> None:
    """The score sheet's rows that count things of a fixed worth move by that worth (pads/architects.toml
    and the Medals row of boxes.toml): the cat pawn, a military victory token, a medal, as the count has them."""
    worth = {"cat": facts.cat_pawn_points, "military": facts.military_token_points, "medals": facts.medal_points}
    for row in rows:
        if row.key in worth and row.step != worth[row.key]:
            raise CatalogError(f'the row "{row.key}" has step {row.step}, but one is worth {worth[row.key]} points '
                               f"(architects/game.toml)", "pads/architects.toml", row.key)


def _facts(files: CardDbFiles) -> ArchitectsFacts:
    file, raw = files.toml("architects/game.toml")
    top_keys(file, raw, {"stages", "blue_points", "cat_blue_points", "cat_pawn_points", "military_token_points",
                         "source", "tie_break", "tie_source", "decks", "conflict", "cat"})
    for key in ("source", "tie_source"):
        check_source(file, key, raw.get(key, ""))
    numbers = ("stages", "blue_points", "cat_blue_points", "cat_pawn_points", "military_token_points")
    for key in numbers:
        if not _count(raw.get(key)) or raw[key] == 0:
            raise CatalogError(f"{key} must be a positive whole number", file)
    if raw.get("tie_break") != "stages":
        raise CatalogError('tie_break must be "stages" (the most stages built)', file)
    for table in ("decks", "conflict", "cat"):
        part = raw.get(table)
        if not isinstance(part, dict):
            raise CatalogError(f"[{table}] is missing", file)
        check_source(file, table, part.get("source", ""))
        if part.get("doubt"):
            files.doubts.append(f"{file}: [{table}]: {part['doubt']}")
    decks = _decks(file, raw["decks"])
    tokens = _conflict_tokens(file, raw["conflict"])
    if raw["cat"].get("points") != raw["cat_pawn_points"]:
        raise CatalogError("[cat] points and cat_pawn_points disagree", file)
    mfile, mraw = files.toml("architects/medals.toml")
    for key in ("points", "most_won"):
        if not _count(mraw.get(key)):
            raise CatalogError(f"{key} must be a whole number", mfile)
    return ArchitectsFacts(stages=raw["stages"], blue_points=raw["blue_points"],
                           cat_blue_points=raw["cat_blue_points"], cat_pawn_points=raw["cat_pawn_points"],
                           military_token_points=raw["military_token_points"], tie_break=raw["tie_break"],
                           medal_points=mraw["points"], medals_won_at_most=mraw["most_won"],
                           source=raw["source"], decks_known=bool(decks), conflict_tokens_known=bool(tokens),
                           decks=decks, conflict_tokens=tokens)


DECK_COLOURS = ("yellow", "grey", "green", "blue", "blue_cat", "red")
DECKS = ("central", "alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes")


def _decks(file: str, part: dict) -> tuple:
    """[decks]: with `known = true`, every deck's cards by colour (blue_cat among the blue); else none."""
    if part.get("known") is not True:
        return ()
    out = []
    for name in DECKS:
        deck = part.get(name)
        if not isinstance(deck, dict) or set(deck) != set(DECK_COLOURS) or not all(_count(deck[c]) for c in deck):
            raise CatalogError(f"[decks] {name} must give whole numbers for {list(DECK_COLOURS)}", file)
        if deck["blue_cat"] > deck["blue"]:
            raise CatalogError(f"[decks] {name}: more blue cards show the cat than there are blue cards", file)
        out.append((name, tuple((c, deck[c]) for c in DECK_COLOURS)))
    return tuple(out)


def _conflict_tokens(file: str, part: dict) -> tuple:
    """[conflict] tokens: how many conflict tokens for 2 to 7 players (none given: unknown)."""
    tokens = part.get("tokens")
    if tokens is None:
        return ()
    if not isinstance(tokens, dict) or set(tokens) != {str(n) for n in range(2, 8)} \
            or not all(_count(v) and v > 0 for v in tokens.values()):
        raise CatalogError("[conflict] tokens must give a positive number for each of 2 to 7 players", file)
    return tuple((int(players), count) for players, count in sorted(tokens.items()))


def _entries(files: CardDbFiles, file: str, key: str, read) -> tuple:
    file, raw = files.toml(file)
    top_keys(file, raw, {key} | ({"points", "most_won", "source"} if key == "medal" else set()))
    return tuple(read(files, file, entry_name(key, i, entry), entry) for i, entry in enumerate(list_of(file, raw, key)))


def _box(file: str, where: str, raw: dict) -> str | None:
    box = raw.get("expansion")
    if box is not None and box not in BOXES:
        raise CatalogError(f"expansion must be one of {list(BOXES)}", file, where)
    return box


def _wonder(files, file, where, raw) -> ArchitectsWonder:
    fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"power", "does", "expansion", "stage_points",
                                                                   "stage_level"},
                           Game.ARCHITECTS, None)
    if raw.get("does") not in POWERS:
        raise CatalogError(f"does must be one of {list(POWERS)}", file, where)
    points = raw.get("stage_points", [])
    if not isinstance(points, list) or not all(_count(p) for p in points):
        raise CatalogError("stage_points must list whole numbers", file, where)
    levels = raw.get("stage_level", [])
    if not isinstance(levels, list) or not _levels(levels):
        raise CatalogError("stage_level must number the levels 1, 2... in the stages' order, none skipped", file, where)
    if not isinstance(raw.get("power"), str) or not raw["power"].strip():
        raise CatalogError("power must say what the wonder's stages do", file, where)
    box = _box(file, where, raw)
    return ArchitectsWonder(**fields, stage_points=tuple(points), stage_levels=tuple(levels), power=raw["power"], does=raw["does"], expansion=box,
                            piece="wonder" if box else None)


def _token(files, file, where, raw) -> ArchitectsToken:
    fields = entity_fields(files, file, where, raw,
                           ENTITY_KEYS | {"effect", "text", "copies", "score", "expansion", "does", "on", "amount"},
                           Game.ARCHITECTS, None)
    if raw.get("effect") not in TOKEN_EFFECTS:
        raise CatalogError(f"effect must be one of {list(TOKEN_EFFECTS)}", file, where)
    if not _count(raw.get("copies")) or raw["copies"] == 0:
        raise CatalogError("copies must be a positive whole number", file, where)
    score = _score(file, where, raw.get("score"))
    if (score is None) != (raw["effect"] != "points"):
        raise CatalogError('a token scores (score = {...}) exactly when its effect is "points"', file, where)
    does, on, amount = raw.get("does"), raw.get("on", []), raw.get("amount")
    if (does is None) != (raw["effect"] == "points") or (does is not None and does not in TOKEN_DOES):
        raise CatalogError(f"a token that does not score says what it does: does, one of {list(TOKEN_DOES)}",
                           file, where)
    if (does == "extra_card") != bool(on) or not isinstance(on, list) or set(on) - set(TAKEN):
        raise CatalogError(f"an extra_card token says on what: on, a list of {list(TAKEN)}", file, where)
    if (does == "shields") != (amount is not None) or (amount is not None and (not _count(amount) or not amount)):
        raise CatalogError("a shields token says how many: amount", file, where)
    box = _box(file, where, raw)
    return ArchitectsToken(**fields, effect=raw["effect"], text=str(raw.get("text", "")), copies=raw["copies"],
                           score=score, does=does, on=tuple(on), amount=amount, expansion=box,
                           piece="progress" if box else None)


def _score(file: str, where: str, raw) -> TokenScore | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("per") not in SCORE_KINDS \
            or set(raw) - {"per", "points", "complete", "scale", "with"}:
        raise CatalogError(f"score is a table: per (one of {list(SCORE_KINDS)}), points, complete, scale, with",
                           file, where)
    per = raw["per"]
    scale = raw.get("scale", [])
    if per == "set":
        if not (isinstance(scale, list) and scale and all(_count(s) for s in scale) and scale == sorted(scale)):
            raise CatalogError("a set scores by scale: points for 1, 2... tokens, growing", file, where)
    elif not _count(raw.get("points")) or scale:
        raise CatalogError("score.points must be a whole number (scale is for sets)", file, where)
    if "complete" in raw and (per != "flat" or not _count(raw["complete"])):
        raise CatalogError("complete is a flat score's points for a complete wonder", file, where)
    return TokenScore(per=per, points=raw.get("points", 0), complete=raw.get("complete"), scale=tuple(scale),
                      kind_of=raw.get("with"))


def _medals(files: CardDbFiles) -> tuple[Medal, ...]:
    def medal(files, file, where, raw) -> Medal:
        fields = entity_fields(files, file, where, raw, ENTITY_KEYS | {"objective", "needs"}, Game.ARCHITECTS, None)
        if not isinstance(raw.get("objective"), str) or not raw["objective"].strip():
            raise CatalogError("objective must say what wins the medal", file, where)
        needs = raw.get("needs")
        if not isinstance(needs, dict) or not needs or set(needs) - set(NEEDS) \
                or not all(_count(n) and n for n in needs.values()):
            raise CatalogError(f"needs is a table of things ({list(NEEDS)}) and how many of each", file, where)
        return Medal(**fields, objective=raw["objective"], needs=tuple(needs.items()), piece="medal")
    return _entries(files, "architects/medals.toml", "medal", medal)


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def architects_box_things(box: ArchitectsBox, key: str) -> tuple:
    """What an Architects expansion adds (its wonders, tokens, medals), as catalog().box_list gives a box's things."""
    return tuple(e for e in box.wonders + box.tokens + box.medals if e.expansion == key)


def _levels(levels: list) -> bool:
    """Levels from 1, each the same as the stage before or one more (a wonder is built from the bottom)."""
    return all(isinstance(n, int) and not isinstance(n, bool) for n in levels) and \
        all(n == (levels[i - 1] if i else 1) or (i and n == levels[i - 1] + 1) for i, n in enumerate(levels))
