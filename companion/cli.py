"""The `companion` command: the JSON contract of ../shared/docs/contract.md.

Exit 0 with an answer on standard output; exit 2 with one line on standard
error saying what is wrong and where.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from babel.support import Translations

from .catalog import LANGUAGES, CatalogError, Game, LookupFailed, catalog
from .catalog.jsonview import entity_json
from .engine import contract
from .engine.errors import BadInput
from .engine.messages import Words, render
from .scan.cli import add_scan_command, scan_command


TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"


class UsageError(Exception):
    """Bad input from the user: reported on one line, exit 2."""


def _game(text: str) -> Game:
    try:
        return Game.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="7 Wonders and 7 Wonders Duel companion")
    commands = parser.add_subparsers(dest="command", required=True)

    cards = commands.add_parser("cards", help="look up cards").add_subparsers(dest="action", required=True)
    search = cards.add_parser("search", help="find cards by any printed name, in any language")
    search.add_argument("text")
    search.add_argument("--lang", choices=LANGUAGES, help="prefer names in this language")
    search.add_argument("--game", type=_game)
    search.add_argument("--edition", type=int, choices=(1, 2))
    search.add_argument("--limit", type=int, default=10)
    search.add_argument("--json", action="store_true")

    show = cards.add_parser("show", help="one card by name or id")
    show.add_argument("name")
    show.add_argument("--game", type=_game, default=None)
    show.add_argument("--edition", type=int, choices=(1, 2))
    show.add_argument("--expansion", help="also look among this box's things (pantheon, agora, leaders...)")
    show.add_argument("--json", action="store_true")

    listing = cards.add_parser("list", help="every card of a game and edition")
    _list_args(listing)

    for name, text in (("score", "score finished cities (JSON in, JSON out)"),
                       ("trade", "price a build (JSON in, JSON out)")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("file", nargs="?", default="-", help="a JSON file, or - for standard input")
        sub.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of reasons and errors")

    simulate = commands.add_parser("simulate", help="play random games and check the rules' invariants")
    simulate.add_argument("--game", required=True, choices=sorted(contract.GAMES))
    simulate.add_argument("--players", type=int)
    simulate.add_argument("--edition", type=int, choices=(1, 2))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--expansions", default="", help="boxes played, comma-separated, named as `cards list --expansion` names them (e.g. pantheon,agora)")

    for noun in ("wonders", "progress"):
        sub = commands.add_parser(noun, help=f"list the {noun}").add_subparsers(dest="action", required=True)
        _list_args(sub.add_parser("list"), default_game=Game.DUEL.contract_name if noun == "progress" else None)
    add_scan_command(commands)
    return parser


def _list_args(parser: argparse.ArgumentParser, default_game: str | None = None) -> None:
    parser.add_argument("--game", type=_game, required=default_game is None,
                        default=Game.parse(default_game) if default_game else None)
    parser.add_argument("--edition", type=int, choices=(1, 2))
    parser.add_argument("--expansion", help="list what this box adds (pantheon, agora, leaders...)")
    parser.add_argument("--json", action="store_true")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "scan":
            return scan_command(args)
        if args.command in ("score", "trade"):
            doc = _read_json(args.file)
            answer = contract.trade(doc, _words(args)) if args.command == "trade" else contract.score(doc)
            json.dump(answer, sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
            return 0
        if args.command == "simulate":
            boxes = tuple(b.strip() for b in args.expansions.split(",") if b.strip())
            answer = contract.simulate(args.game, games=args.games, seed=args.seed,
                                       players=args.players, edition=args.edition, expansions=boxes)
            json.dump(answer, sys.stdout)
            sys.stdout.write("\n")
            return 0 if answer.get("violations", 0) == 0 else 1
        if args.command == "cards":
            return {"search": _search, "show": _show, "list": _list}[args.action](args, "card")
        return _list(args, "wonder" if args.command == "wonders" else "progress")
    except BadInput as exc:
        said = render(exc.msg, _words(args))
        print(f"companion: {exc.where}: {said}" if exc.where else f"companion: {said}", file=sys.stderr)
        return 2
    except (UsageError, LookupFailed) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except CatalogError as exc:
        print(f"companion: card database error: {exc}", file=sys.stderr)
        return 1


def _words(args) -> Words:
    """The engine's messages in `--lang`, from the interface's compiled gettext catalogues."""
    lang = getattr(args, "lang", None) or "en"
    return Words(Translations.load(str(TRANSLATIONS), [lang]), lang)


def _read_json(name: str):
    try:
        if name == "-":
            text = sys.stdin.read()
        else:
            with open(name, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise UsageError(f"{name}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = "standard input" if name == "-" else name
        raise UsageError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def _emit(data, as_json: bool, lines) -> None:
    if as_json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for line in lines:
            print(line)


def _describe(item: dict) -> str:
    bits = [item["name"], f'[{item["game"]}' + (f' {item["edition"]}e' if item["edition"] else "") + "]"]
    if "age" in item:
        bits.append(f'age {item["age"]} {item["colour"]}')
    if "expansion" in item:
        bits.append(f'({item["expansion"]} {item["kind"]})')
    return " ".join(bits)


def _search(args, _kind) -> int:
    from .catalog.search import SearchIndex  # builds an index: only when searching

    cat = catalog()
    hits = SearchIndex(cat).search(args.text, game=args.game, edition=args.edition,
                                   lang=args.lang, limit=args.limit, boxes=True)
    results = [dict(entity_json(h.entity, cat), match={"name": h.matched, "lang": h.lang},
                    score=round(h.score, 1)) for h in hits]
    _emit(results, args.json,
          [f'{_describe(r)}  ← {r["match"]["name"]} ({r["match"]["lang"]})' for r in results]
          or [f'no card matches "{args.text}"'])
    return 0


def _show(args, _kind) -> int:
    cat = catalog()
    games = [args.game] if args.game else list(Game)
    found, errors = [], []
    boxes = (args.expansion,) if args.expansion else ()
    if boxes:
        if args.expansion not in cat.boxes:
            raise UsageError(f'unknown expansion "{args.expansion}" (known: {", ".join(cat.boxes)})')
        games = [g for g in games if g is cat.boxes[args.expansion].game] or games
    kinds = ("card", "wonder", "progress", "piece")
    for game in games:
        try:
            found.append(cat.find(game, args.edition, args.name, kinds=kinds, boxes=boxes) if boxes
                         else cat.find(game, args.edition, args.name))
        except LookupFailed as exc:
            errors.append(exc)
    if not found:
        raise errors[0] if len(errors) == 1 else LookupFailed(
            f'no card, wonder or progress token is named "{args.name}" (try `companion cards search`)')
    if len(found) > 1:
        raise UsageError(f'"{args.name}" exists in both games; add --game 7wonders or --game duel')
    item = entity_json(found[0], cat)
    _emit(item, args.json, [_describe(item)] + [f"  {k}: {v}" for k, v in item.items()
                                                 if k not in ("name", "game", "edition")])
    return 0


def _list(args, kind: str) -> int:
    cat = catalog()
    if args.expansion is not None:
        return _list_box(cat, args, kind)
    if kind == "card":
        entities = cat.card_list(args.game, args.edition)
    elif kind == "wonder":
        entities = cat.wonder_list(args.game, args.edition)
    else:
        entities = [e for e in cat.entities(args.game, args.edition) if e.kind == "progress"]
        if not entities:
            raise UsageError("progress tokens exist in the Duel and in Architects (--game duel, --game architects)")
    items = [entity_json(e, cat) for e in entities]
    _emit(items, args.json, [_describe(i) for i in items])
    return 0


def _list_box(cat, args, kind: str) -> int:
    """What one box adds: its wonders, its progress tokens, or (cards) everything else."""
    box = cat.boxes.get(args.expansion)
    if box is None:
        raise UsageError(f'unknown expansion "{args.expansion}" (known: {", ".join(cat.boxes)})')
    edition = (args.edition or 1) if args.game is Game.SEVEN_WONDERS else None
    if not box.fits(args.game, edition):
        raise UsageError(f'the expansion "{box.key}" is not a box of {args.game.contract_name}'
                         + (f" edition {edition}" if edition else ""))
    things = cat.box_list(args.game, edition, box.key)
    wanted = {"wonder": ("wonder",), "progress": ("progress",)}.get(kind)
    entities = [e for e in things if (e.listed_kind in wanted if wanted else
                                      e.listed_kind not in ("wonder", "progress"))]
    items = [entity_json(e, cat) for e in entities]
    _emit(items, args.json, [_describe(i) for i in items])
    return 0


if __name__ == "__main__":
    sys.exit(main())
