"""The documents name only what exists: routes, `make` targets, paths and links.

README.md and docs/*.md are read as Markdown. In their code spans:

- a path beginning with "/" (`/api/v1/games/<code>/undo`, `POST /api/v1/score`)
  must match a rule of the app's url_map, a `<placeholder>` or `{placeholder}`
  standing for any one segment, a trailing `...` for any route under it, and a
  method written before it must be one the rule answers;
- `make <target>`, here or in a code block, must be a target of the Makefile;
- a repository path (`companion/web/access.py`, `card_db/pads/<key>.toml`) whose
  first folder is at the repository's root must exist, unless it is something
  `make` creates (.venv, instance/, bench/results/, test-artifacts/).

Markdown links to local files must reach an existing file too. The checks
themselves are tested on names that do not exist, so a check that finds
nothing cannot pass unnoticed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web import create_app

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

NOT_ROUTES = ("/usr/", "/etc/", "/proc/", "/dev/", "/tmp/", "/var/", "/home/", "/path/")
MADE_BY_MAKE = (".venv", "instance", "test-artifacts", "bench/results")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD")

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"<[^<>/]*>|\{[^{}/]*\}")
MAKE = re.compile(r"\bmake\s+([A-Za-z][\w.-]*)")


# -- reading the documents ---------------------------------------------------------------

def _split(text: str) -> tuple[list[str], list[str]]:
    """(the inline code spans, the fenced code blocks) of a Markdown text."""
    blocks = [m.group(2) for m in FENCE.finditer(text)]
    prose = FENCE.sub("", text)
    spans = [" ".join(m.group(2).split()) for m in SPAN.finditer(prose) if "\n\n" not in m.group(2)]
    return spans, blocks


def _documents() -> dict[str, tuple[list[str], list[str], str]]:
    out = {}
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        spans, blocks = _split(text)
        out[str(path.relative_to(ROOT))] = (spans, blocks, text)
    return out


def routes_named(spans: list[str]) -> list[tuple[str | None, str]]:
    """(method or None, path) of every route a code span names."""
    found = []
    for span in spans:
        for m in re.finditer(rf"(?:^|(?<=\s))(?:({'|'.join(METHODS)})\s+)?(/\S*)", span):
            method, path = m.group(1), m.group(2)
            if path.startswith(NOT_ROUTES) or path.startswith("//"):
                continue
            path = re.split(r"[?#]", path, maxsplit=1)[0].replace("…", "...")
            path = path if path.endswith("...") else path.rstrip(".,;:)")
            if path:
                found.append((method, path))
    return found


def make_targets_named(spans: list[str], blocks: list[str]) -> set[str]:
    named = set()
    for text in spans + blocks:
        named.update(MAKE.findall(text))
    return named


def repo_paths_named(spans: list[str]) -> set[str]:
    """The spans that are paths in this repository: no space, a slash, a first folder at the root."""
    roots = {p.name for p in ROOT.iterdir()} | {m.split("/")[0] for m in MADE_BY_MAKE}
    named = set()
    for span in spans:
        path = span.rstrip(".,;:")
        if (" " in path or "/" not in path or path.startswith(("/", "../", "./", "http:", "https:"))
                or path.split("/")[0] not in roots):
            continue
        named.add(path)
    return named


# -- checking them ---------------------------------------------------------------------------

def _segments(path: str) -> list[str]:
    return path[1:].split("/")


def _segment_matches(doc: str, rule: str) -> bool:
    if PLACEHOLDER.fullmatch(doc):
        return True
    converter = re.fullmatch(r"<(?:(\w+)(?:\([^)]*\))?:)?\w+>", rule)
    if converter:
        kind = converter.group(1) or "string"
        return doc.isdigit() if kind == "int" else bool(doc)
    return doc == rule


def rule_for(path: str, rules) -> list:
    """The url_map rules a documented path may be (a trailing "..." stands for any route under it)."""
    prefix = path.endswith("...")
    doc = _segments(path[:-3].rstrip("/") if prefix else path)
    matching = []
    for rule in rules:
        segments = _segments(rule.rule)
        if "<path:" in rule.rule:
            continue                            # /static/<path:filename>: no document names a static file
        if prefix:
            ok = len(segments) > len(doc) and all(_segment_matches(d, r) for d, r in zip(doc, segments))
        else:
            ok = len(segments) == len(doc) and all(_segment_matches(d, r) for d, r in zip(doc, segments))
        if ok:
            matching.append(rule)
    return matching


def missing_routes(named, rules) -> list[str]:
    wrong = []
    for method, path in named:
        found = rule_for(path, rules)
        if not found:
            wrong.append(path)
        elif method and not any(method in r.methods for r in found):
            wrong.append(f"{method} {path}")
    return wrong


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", text, re.MULTILINE))
    for phony in re.findall(r"^\.PHONY\s*:(.*)$", text, re.MULTILINE):
        targets.update(phony.split())
    return targets


def path_exists(path: str) -> bool:
    if path.startswith(MADE_BY_MAKE):
        return True
    pattern = PLACEHOLDER.sub("*", path).rstrip("/")
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


def missing_links(doc_path: Path, text: str) -> list[str]:
    wrong = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file = target.split("#", 1)[0]
        if not (doc_path.parent / file).exists():
            wrong.append(target)
    return wrong


# -- the tests ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "docs",
                      "DATABASE": str(tmp_path_factory.mktemp("docs") / "store.sqlite3")})
    return list(app.url_map.iter_rules())


DOCUMENTS = _documents()


@pytest.mark.parametrize("doc", sorted(DOCUMENTS))
def test_every_route_named_exists(doc, rules):
    spans, _blocks, _text = DOCUMENTS[doc]
    named = routes_named(spans)
    assert missing_routes(named, rules) == []


def test_the_documents_name_routes_at_all():
    """The README names the pages and the API: a parser that found none would check nothing."""
    spans, _blocks, _text = DOCUMENTS["README.md"]
    paths = {path for _method, path in routes_named(spans)}
    assert {"/sheets/new", "/api/v1/score", "/history/"} <= paths


@pytest.mark.parametrize("doc", sorted(DOCUMENTS))
def test_every_make_target_named_exists(doc):
    spans, blocks, _text = DOCUMENTS[doc]
    assert make_targets_named(spans, blocks) - makefile_targets() == set()


@pytest.mark.parametrize("doc", sorted(DOCUMENTS))
def test_every_repository_path_named_exists(doc):
    spans, _blocks, _text = DOCUMENTS[doc]
    assert sorted(p for p in repo_paths_named(spans) if not path_exists(p)) == []


@pytest.mark.parametrize("doc", sorted(DOCUMENTS))
def test_every_local_link_reaches_a_file(doc):
    _spans, _blocks, text = DOCUMENTS[doc]
    assert missing_links(ROOT / doc, text) == []


def test_the_checks_refuse_what_does_not_exist(rules):
    text = ("Try `/api/v1/nope`, `POST /cards/`, `/sheets/<id>/cty/<n>`, `/calc`, `/g/<code>/events/x`,\n"
            "`/history/...` and `/nothing/...`; run `make deploy`; read `companion/web/nowhere.py`\n"
            "and `card_db/pads/<key>.yaml`; see [the guide](docs/nowhere.md).\n\n"
            "```sh\nmake lint\n```\n")
    spans, blocks = _split(text)
    assert missing_routes(routes_named(spans), rules) == [
        "/api/v1/nope", "POST /cards/", "/sheets/<id>/cty/<n>", "/calc", "/g/<code>/events/x", "/nothing/..."]
    assert make_targets_named(spans, blocks) - makefile_targets() == {"deploy", "lint"}
    assert sorted(p for p in repo_paths_named(spans) if not path_exists(p)) == [
        "card_db/pads/<key>.yaml", "companion/web/nowhere.py"]
    assert missing_links(ROOT / "README.md", text) == ["docs/nowhere.md"]
