"""`companion scan PHOTO --pad PAD|auto [--json]` (PAD: a play's key, catalog/plays.py).

companion/cli.py wires it in with three lines:

    from .scan.cli import add_scan_command, scan_command    # with the other imports
    add_scan_command(commands)                              # in _parser(), before `return parser`
    if args.command == "scan":                              # in main(), first thing inside the `try:`
        return scan_command(args)

Importing this module loads neither OpenCV nor NumPy (the reader loads them
on first use), so the other commands start as fast as before. Bad input
(not an image, too large, no pad, the wrong pad) raises BadInput, which
main() already turns into one line on standard error and exit 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from ..catalog.plays import PLAYS

PAD_IDS = tuple(p.key for p in PLAYS if p.photo_pad)     # layout.PAD_IDS, without loading OpenCV for the parser


def add_scan_command(subparsers) -> argparse.ArgumentParser:
    scan = subparsers.add_parser("scan", help="read a photo of a filled score pad (the box's or our printable one)")
    scan.add_argument("photo", help="a JPEG, PNG or WebP photo of the pad")
    scan.add_argument("--pad", required=True, choices=(*PAD_IDS, "auto"),
                      help="which game's pad the photo shows (auto: recognise it)")
    scan.add_argument("--sheet", default="auto", choices=("auto", "printable", "box"),
                      help="our printable pad (markers), the pad from the game's box, or either (default)")
    scan.add_argument("--json", action="store_true", help="the contract's JSON (else a table)")
    return scan


def scan_command(args: argparse.Namespace, out=None) -> int:
    from .reader import run_scan
    out = out or sys.stdout
    answer = run_scan(args.photo, args.pad, getattr(args, "sheet", "auto"))
    if args.json:
        json.dump(answer, out, ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(format_table(answer))
    return 0


def format_table(answer: dict) -> str:
    """The reading as a plain table; doubtful cells marked with a ?."""
    doubtful = {(d["player"], d["row"]) for d in answer["doubtful"]}
    players = answer["players"]
    if not players:
        return "no filled column found on the pad\n"
    rows = list(players[0]["scores"])

    def cell(p: int, key: str, value) -> str:
        text = "" if value is None else str(value)
        return text + ("?" if (p, key) in doubtful else "")
    lines = [["", *[cell(p, "name", pl["name"]) for p, pl in enumerate(players)]]]
    for key in rows:
        lines.append([key, *[cell(p, key, pl["scores"][key]) for p, pl in enumerate(players)]])
    lines.append(["total", *[cell(p, "total", pl["total"]) for p, pl in enumerate(players)]])
    lines.append(["(sum)", *[str(pl["sum"]) for pl in players]])
    lines.append(["(rank)", *[str(pl["rank"]) for pl in players]])
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    text = "\n".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() for line in lines) + "\n"
    if doubtful:
        text += "\n? doubtful:\n" + "".join(
            f"  {players[d['player']]['name'] or 'player ' + str(d['player'] + 1)}, {d['row']}: {d['why']}\n"
            for d in answer["doubtful"])
    return text


def main(argv: list[str] | None = None) -> int:
    """Stand-alone: `python -m companion.scan.cli PHOTO --pad duel --json` (same as `companion scan`)."""
    from ..engine.errors import BadInput
    parser = argparse.ArgumentParser(prog="companion")
    add_scan_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["scan", *(sys.argv[1:] if argv is None else argv)])
    try:
        return scan_command(args)
    except BadInput as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
