"""Data flows one way: the catalog and the engine know nothing of the web or the store."""
import subprocess
import sys

import pytest


@pytest.mark.parametrize("modules", [
    "companion.catalog",
    "companion.engine, companion.engine.contract, companion.engine.calculators, companion.engine.ranking, "
    "companion.engine.seven_wonders.contract, companion.engine.seven_wonders.rules, "
    "companion.engine.duel.contract, companion.engine.duel.rules, companion.engine.duel.table",
])
def test_imports_neither_flask_nor_sqlite_utils(modules):
    code = (f"import sys, importlib; [importlib.import_module(m.strip()) for m in {modules!r}.split(',')]; "
            "import companion.catalog as c; c.catalog(); "
            "bad = [m for m in ('flask', 'sqlite_utils', 'werkzeug') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
