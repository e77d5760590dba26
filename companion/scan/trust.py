"""How likely a cell's reading is right: one calibrated probability from what its three readers said.

The checks (checks.py) mark a cell by the readers' agreement, each rule a threshold of its own. This
says the same in one number: a logistic model on the cell's readings (the fused belief in its likeliest
value and its margin over the next, which readers read that value, read another or nothing, how sure
the second reader and Tesseract are, how many digits it has and whether it holds a 1 or a 7, the
digits the readers misread alike), fitted on every value some reader read in the scan bench's captured
cells of development seeds only (never the bench's own; `python -m bench.trust_scan fit`, its figures
in bench/RESULTS.md). Its weights are data/trust.json. Pure NumPy on a Reading: no image.

What it can and cannot say (bench/RESULTS.md, issue 30, tenth round): up to 0.99 it is calibrated on
held-out seeds; above, a few thousand cells cannot calibrate it, and the readers' shared misreadings
(a 7 both handwriting readers read as 1, Tesseract silent; a 26 all three read as 20) reach 0.999.
No threshold of it alone releases most right cells the checks mark with no wrong one: a cell's
readings alone do not know what the column's sum knows.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:                    # checks.py weighs a column's decoding by this (trust_column): no cycle at import
    from .checks import Reading

WEIGHTS = Path(__file__).parent / "data" / "trust.json"
EDGE = 1e-6                     # beliefs kept this far from 0 and 1 before their log odds are taken


def likeliest(reading: Reading) -> tuple[int | None, float]:
    """The value the cell's fused belief (the second reader's share in) holds likeliest, and that belief."""
    fused = reading.fused
    if reading.blank or not fused:
        return (0, 1.0) if reading.blank else (None, 0.0)
    value = max(fused, key=fused.get)
    return value, fused[value]


def _logit(p: float) -> float:
    p = min(max(p, EDGE), 1 - EDGE)
    return math.log(p / (1 - p))


FEATURES = ("belief", "margin", "top", "network", "tesseract", "tess_silent", "second", "second_silent",
            "second_sure", "second_sure_other", "tess_sure", "alike", "pair", "two_digits", "three_digits",
            "one_or_seven", "pair_one_or_seven", "silent_one_or_seven", "a_one", "minus")


def values(reading: Reading) -> list[int]:
    """The values a cell may hold by its readers: the fused belief's likeliest, and each reader's own."""
    top = likeliest(reading)[0]
    if reading.blank or top is None:
        return []
    seen = [top, reading.readers.get("digits"), reading.readers.get("tesseract"), reading.second]
    return list(dict.fromkeys(v for v in seen if v is not None))


def features(reading: Reading, value: int | None = None) -> np.ndarray | None:
    """`value` (by default the likeliest) as the cell's readers read it, the model's inputs (FEATURES); or
    None: read as empty, or nothing read."""
    top = likeliest(reading)[0]
    if reading.blank or top is None:
        return None
    value = top if value is None else value
    fused = reading.fused
    belief = fused.get(value, 0.0)
    runner = max((p for v, p in fused.items() if v != value), default=0.0)
    net, tess = reading.readers.get("digits"), reading.readers.get("tesseract")
    second = reading.second if reading.second_sure > 0 else None
    text = str(abs(value))
    by_net, by_tess, by_second = net == value, tess == value, second == value
    pair = by_net and by_second and tess is None
    shared = bool(set(text) & set("17"))
    return np.array([
        _logit(belief), _logit(max(belief - runner, 0.0) + EDGE), value == top, by_net, by_tess, tess is None, by_second, second is None,
        reading.second_sure if by_second else 0.0, reading.second_sure if second is not None and not by_second
        else 0.0, reading.tess_sure if by_tess else 0.0, by_net and by_tess and by_second, pair,
        len(text) == 2, len(text) >= 3, shared, pair and shared, tess is None and shared, value == 1, value < 0], dtype=np.float64)


@lru_cache(maxsize=1)
def _weights() -> tuple[np.ndarray, float]:
    data = json.loads(WEIGHTS.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS.name} was fitted on other features: run python -m bench.trust_scan fit")
    return np.array(data["coef"], dtype=np.float64), float(data["intercept"])


def p_right(reading: Reading, value: int | None = None) -> tuple[int | None, float]:
    """(`value`, by default the cell's likeliest, and the calibrated probability that it is what was
    written). A box read as empty: (0, 1.0), as the checks take it (its doubt is theirs: faint strokes,
    an empty total). Nothing read: (None, 0.0)."""
    x = features(reading, value)
    if x is None:
        return likeliest(reading)
    coef, intercept = _weights()
    z = float(x @ coef + intercept)
    return likeliest(reading)[0] if value is None else value, 1.0 / (1.0 + math.exp(-z))


def best(reading: Reading) -> tuple[int | None, float]:
    """Of the values its readers read (values()), the one the model holds likeliest, and its probability."""
    return max((p_right(reading, v) for v in values(reading)), key=lambda vp: vp[1], default=likeliest(reading))
