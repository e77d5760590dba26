"""`companion scan PHOTO --pad ... --json`: the contract's JSON (shared/docs/contract.md, "scan")."""
import argparse
import io
import json
import subprocess
import sys

import pytest

from companion.catalog.model import DUEL_CATEGORIES, SEVEN_WONDERS_CATEGORIES
from companion.scan.cli import add_scan_command, format_table, scan_command


@pytest.fixture
def photo_file(tmp_path, photo):
    def make(seed, pad, font="dejavu-sans"):
        data, truth = photo(seed, pad, font)
        path = tmp_path / f"{pad}-{seed}.jpg"
        path.write_bytes(data)
        return str(path), truth
    return make


def parse(*argv):
    parser = argparse.ArgumentParser(prog="companion")
    add_scan_command(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(["scan", *argv])


def test_json_has_the_contract_shape(photo_file):
    path, truth = photo_file(31, "duel")
    out = io.StringIO()
    assert scan_command(parse(path, "--pad", "duel", "--json"), out) == 0
    answer = json.loads(out.getvalue())
    assert answer["pad"] == "duel"
    assert [p["name"] for p in answer["players"]] == truth.names
    for player, scores, total in zip(answer["players"], truth.scores, truth.totals):
        assert set(player["scores"]) == set(DUEL_CATEGORIES)
        assert player["scores"] == scores and player["total"] == total
    assert isinstance(answer["doubtful"], list)
    for doubt in answer["doubtful"]:
        assert set(doubt) == {"player", "row", "why"}


def test_seven_wonders_rows_are_the_contract_categories(photo_file):
    path, truth = photo_file(32, "7wonders-2e")
    out = io.StringIO()
    scan_command(parse(path, "--pad", "7wonders-2e", "--json"), out)
    answer = json.loads(out.getvalue())
    assert all(set(p["scores"]) == set(SEVEN_WONDERS_CATEGORIES) for p in answer["players"])
    assert [p["rank"] for p in answer["players"]]        # the ranking of the read sheet comes along


def test_the_table_marks_doubtful_cells():
    answer = {"pad": "duel", "players": [
        {"name": "Ana", "scores": {"civil": 3, "science": None}, "total": 9, "sum": 3, "rank": 1}],
        "doubtful": [{"player": 0, "row": "science", "why": "unreadable"}]}
    text = format_table(answer)
    assert "science" in text and "?" in text and "unreadable" in text


def test_the_module_runs_as_the_command(photo_file):
    path, truth = photo_file(33, "duel")
    done = subprocess.run([sys.executable, "-m", "companion.scan.cli", path, "--pad", "duel", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [p["name"] for p in json.loads(done.stdout)["players"]] == truth.names


def test_the_pad_must_be_one_of_ours(photo_file):
    path, _ = photo_file(33, "duel")
    with pytest.raises(SystemExit) as info:
        parse(path, "--pad", "catan")
    assert info.value.code == 2


def test_companion_scan_once_wired(photo_file, capsys):
    from companion import cli
    path, truth = photo_file(34, "duel")
    assert cli.main(["scan", path, "--pad", "duel", "--json"]) == 0
    assert [p["name"] for p in json.loads(capsys.readouterr().out)["players"]] == truth.names
    bad = path + ".txt"
    with open(bad, "w") as fh:
        fh.write("not a photo")
    assert cli.main(["scan", bad, "--pad", "duel", "--json"]) == 2
    assert "not an image" in capsys.readouterr().err


def test_the_parser_costs_the_other_commands_nothing():
    """Wiring `scan` into companion/cli.py loads neither OpenCV nor NumPy; the reader loads no web code."""
    subprocess.run([sys.executable, "-c", "import sys, companion.scan.cli; "
                    "bad = {'cv2', 'numpy', 'sklearn', 'flask'} & set(sys.modules); assert not bad, bad"],
                   check=True)
    subprocess.run([sys.executable, "-c", "import sys, companion.scan.reader; "
                    "bad = {'flask', 'sqlite_utils'} & set(sys.modules); assert not bad, bad"], check=True)
    from companion.scan.cli import PAD_IDS
    from companion.scan.layout import PAD_IDS as LAYOUT_PADS
    assert PAD_IDS == LAYOUT_PADS
