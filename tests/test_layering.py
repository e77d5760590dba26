"""The house's structure, checked over every module of the package (none hand-picked).

Data flows one way: card_db -> catalog -> engine -> store/web. The catalog and
the engine know nothing of the web, the store, the photo reader, Flask or SQL;
the store knows nothing of the web; the web runs no SQL itself and names no
game (it asks catalog/plays.py what is being played), and no game module is
imported by the web. There is no import cycle.
"""
from __future__ import annotations

import ast
import graphlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"
GAME_NAMES = {"7wonders", "7wonders-1", "7wonders-2", "7wonders-2e", "duel", "seven_wonders", "architects"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, node: ast.ImportFrom | ast.Import, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = module if is_package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    target = node.module or ""
    if node.level:
        target = f"{base}.{target}" if target else base
    found = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        found.append(sub if sub in MODULES else target)
    return found


def _imports(module: str, top_level_only: bool = False) -> set[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(_resolve(module, node, path.name == "__init__.py"))
    return found


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


FORBIDDEN = {
    # The catalog's search index is SQLite's full-text search (catalog/search.py): its only SQL.
    "companion.catalog": ("companion.engine", "companion.store", "companion.web", "companion.scan", "flask",
                          "werkzeug", "jinja2"),
    "companion.engine": ("companion.store", "companion.web", "companion.scan", "flask", "werkzeug",
                         "sqlite_utils", "sqlite3", "jinja2", "flask_babel"),
    "companion.store": ("companion.web", "companion.scan", "flask", "werkzeug", "jinja2", "flask_babel"),
    "companion.scan": ("companion.web", "companion.store", "flask", "werkzeug", "sqlite_utils", "sqlite3"),
    "companion.web": ("companion.engine.seven_wonders", "companion.engine.duel", "sqlite3"),
}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_only_what_is_below_it(layer):
    wrong = sorted(f"{m} imports {i}" for m in MODULES if _within(m, layer) for i in _imports(m)
                   if any(_within(i, bad) for bad in FORBIDDEN[layer]))
    assert not wrong, wrong


def test_no_import_cycle_among_the_packages_modules():
    graph = {module: {t for t in _imports(module, top_level_only=True)
                      # a submodule reading its own package's __init__ is no cycle
                      if t in MODULES and t != module and not _within(module, t)} for module in MODULES}
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as exc:
        pytest.fail(f"import cycle: {' -> '.join(exc.args[1])}")


def test_the_web_runs_no_sql():
    found = []
    for module, path in MODULES.items():
        if not _within(module, "companion.web"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("execute", "executemany", "executescript", "query"):
                found.append(f"{module}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.lstrip().lower().startswith(("select ", "insert ", "update ", "delete ")):
                found.append(f"{module}:{node.lineno} {node.value[:30]!r}")
    assert not found, found


def _code_strings(path: Path):
    """Every string constant in the code that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            docstrings.add(id(node.body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def test_no_game_is_named_by_a_string_outside_the_catalog():
    """What is being played is named once, in catalog/ (plays.py); every other layer asks it."""
    found = [f"{m}:{node.lineno} {node.value!r}" for m, path in MODULES.items()
             if not _within(m, "companion.catalog") for node in _code_strings(path) if node.value in GAME_NAMES]
    assert not found, found


def test_no_template_names_a_game():
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {name}" for name in GAME_NAMES for quote in "'\"" if f"{quote}{name}{quote}" in text]
    assert not found, found


def test_the_rules_load_without_flask_or_sql():
    """At run time too: importing every catalog and engine module pulls in no web or SQL library."""
    modules = [m for m in MODULES if (_within(m, "companion.catalog") or _within(m, "companion.engine"))
               and m != "companion.catalog.search"]       # the search index, built on SQLite by design
    code = (f"import sys, importlib; [importlib.import_module(m) for m in {modules!r}]; "
            "import companion.catalog as c; c.catalog(); "
            "bad = [m for m in ('flask', 'sqlite_utils', 'werkzeug', 'sqlite3', 'companion.web', 'companion.store') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
