"""The 7 Wonders engine is pure Python: no web framework, no database."""
import subprocess
import sys


def test_the_engine_imports_neither_flask_nor_sqlite_utils():
    code = ("import sys, companion.engine.seven_wonders as sw, companion.engine.seven_wonders.contract as c; "
            "c.score({'game': '7wonders', 'players': [{'wonder': w} for w in ('Giza', 'Rhodes', 'Ephesus')]}); "
            "bad = [m for m in ('flask', 'sqlite_utils', 'sqlite3') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
