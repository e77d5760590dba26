"""Data flows one way: the catalog (and later the engine) knows nothing of the web or the store."""
import subprocess
import sys


def test_catalog_imports_neither_flask_nor_sqlite_utils():
    code = ("import sys, companion.catalog as c; c.catalog(); "
            "bad = [m for m in ('flask', 'sqlite_utils') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
