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


def test_the_product_never_imports_the_testkit():
    """testkit/ (the generated test photos, the MNIST test digits) is for the tests and benchmarks;
    it is not shipped, so no module of companion/ may need it."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "companion"
    needing = [str(p.relative_to(root.parent)) for p in root.rglob("*.py")
               if any(line.lstrip().startswith(("import testkit", "from testkit"))
                      for line in p.read_text(encoding="utf-8").splitlines())]
    assert not needing, needing
