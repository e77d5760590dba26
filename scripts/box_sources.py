"""How well sourced each 7 Wonders expansion box's cards are, per box and edition, from card_db's
`source` (one part a ';') and `doubt` fields (issue 31: the note's list).

    .venv/bin/python scripts/box_sources.py            a table: box, edition, piece, cards, and how many
                                                      have every fact agreed by a second source, two
                                                      sources with a doubt on part, one source only
    .venv/bin/python scripts/box_sources.py --doubts   the table, then each doubted card and its doubt
    .venv/bin/python scripts/box_sources.py --json     the same counts (and doubts) as JSON

A card counts as "agreed" when two or more sources are named and no doubt is written; as "part doubted"
when two or more are named and a doubt says which fact has one source only or where they disagree; as
"one source" when one source is named or the data marks it single_source. The data's doubts are the
authority: this only counts them.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.catalog import Game, catalog  # noqa: E402

AGREED, DOUBTED, ONE = "agreed", "part doubted", "one source"


def sources(thing) -> list[str]:
    return [part.strip() for part in (thing.source or "").split(";") if part.strip()]


def doubt_of(thing) -> str:
    """The card's doubt, and a board's sides' own doubts (a wonder board keeps them by side)."""
    parts = [thing.doubt or ""] + [f"side {side.side}: {side.doubt}" for side in getattr(thing, "sides", ())
                                   if getattr(side, "doubt", None)]
    return "; ".join(part for part in parts if part)


def standing(thing) -> str:
    """AGREED, DOUBTED or ONE for a card, from its sources and doubt."""
    marked_single = "single_source" in doubt_of(thing) or "single_source" in (getattr(thing, "notes", "") or "")
    if len(sources(thing)) < 2 or marked_single:
        return ONE
    return DOUBTED if doubt_of(thing) else AGREED


@dataclass
class Group:
    box: str
    edition: int
    piece: str
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys((AGREED, DOUBTED, ONE), 0))
    doubts: list[tuple[str, str, str]] = field(default_factory=list)    # (name, standing, doubt)

    @property
    def cards(self) -> int:
        return sum(self.counts.values())


def groups() -> list[Group]:
    """Every box's pieces by box, edition and piece, in the catalog's order."""
    out: dict[tuple[str, int, str], Group] = {}
    for edition in (1, 2):
        for thing in catalog().box_entities(Game.SEVEN_WONDERS, edition):
            key = (thing.expansion, edition, thing.piece)
            group = out.setdefault(key, Group(*key))
            kind = standing(thing)
            group.counts[kind] += 1
            if doubt_of(thing):
                group.doubts.append((thing.name, kind, doubt_of(thing)))
    return sorted(out.values(), key=lambda g: (g.box, g.edition, g.piece))


def table(found: list[Group]) -> str:
    lines = [f"| box | edition | piece | cards | {AGREED} | {DOUBTED} | {ONE} |", "|---|---|---|---|---|---|---|"]
    for g in found:
        lines.append(f"| {g.box} | {g.edition} | {g.piece} | {g.cards} | {g.counts[AGREED]} | "
                     f"{g.counts[DOUBTED]} | {g.counts[ONE]} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doubts", action="store_true", help="list each doubted card and its doubt")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    found = groups()
    if args.json:
        print(json.dumps([{"box": g.box, "edition": g.edition, "piece": g.piece, "cards": g.cards, **g.counts,
                           "doubts": [{"name": n, "standing": s, "doubt": d} for n, s, d in g.doubts]}
                          for g in found], ensure_ascii=False, indent=1))
        return 0
    print(table(found))
    if args.doubts:
        for g in found:
            if g.doubts:
                print(f"\n{g.box} {g.edition}e, {g.piece}:")
                for name, kind, doubt in g.doubts:
                    print(f"- {name} ({kind}): {doubt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
