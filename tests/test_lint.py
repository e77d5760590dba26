"""ruff, as pyproject.toml's [tool.ruff] configures it, finds nothing in the code, the tests, the benchmarks
and the scripts (unused imports and variables, undefined names, syntax errors, a few bug patterns)."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["companion", "tests", "testkit", "bench", "scripts"]


def ruff() -> list[str]:
    beside = Path(sys.executable).with_name("ruff")          # the venv's, installed by `make setup`
    found = str(beside) if beside.exists() else shutil.which("ruff")
    assert found, "ruff is not installed: `make setup` installs the test dependencies ([project.optional-dependencies])"
    return [found]


def test_ruff_finds_nothing():
    done = subprocess.run(ruff() + ["check", "--no-cache", "--output-format", "concise", *PATHS], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
