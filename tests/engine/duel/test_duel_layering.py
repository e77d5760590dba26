"""The Duel engine imports neither Flask nor sqlite-utils."""
import subprocess
import sys


def test_duel_engine_imports_neither_flask_nor_sqlite_utils():
    code = ("import sys, random; from companion.engine.duel import contract, simulate; "
            "simulate.play_one(random.Random(1)); "
            "bad = [m for m in ('flask', 'sqlite_utils') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
