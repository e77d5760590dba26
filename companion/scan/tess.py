"""Tesseract (the real binary, through pytesseract) reads the cells.

Starting Tesseract costs about a tenth of a second, so the cells are not read
one by one: their pictures are stacked into one column, one cell a line, and
read in one call; each word found is given back to the cell whose line it is
on. Digits are read with a whitelist; names as free text.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

import numpy as np
import pytesseract

from ..engine.errors import BadInput

# One thread each: we run two Tesseracts at once on two cores, and OpenMP's own
# threads only slow small images down (0.6 s against 0.2 s for a pad's cells).
# Set for Tesseract's process only: pytesseract starts it with the environment
# in its module's `environ`; in our own process the variable would reach
# scikit-learn's OpenMP, whose neighbour search breaks under a thread limit.
pytesseract.pytesseract.environ = {**os.environ, "OMP_THREAD_LIMIT": "1"}

GAP = 18
DIGITS = "--psm 6 -c tessedit_char_whitelist=-0123456789"
NAMES = "--psm 6"


@dataclass
class Word:
    text: str
    confidence: float        # 0..1


def available() -> bool:
    try:
        pytesseract.get_tesseract_version()
    except (pytesseract.TesseractNotFoundError, OSError):
        return False
    return True


def read_lines(pictures: list[np.ndarray], config: str) -> list[Word | None]:
    """Each picture read as one line of text (None where nothing was read)."""
    if not pictures:
        return []
    width = max(p.shape[1] for p in pictures) + 2 * GAP
    tops, sheet_parts = [], [np.full((GAP, width), 255, np.uint8)]
    y = GAP
    for p in pictures:
        part = np.full((p.shape[0], width), 255, np.uint8)
        part[:, GAP:GAP + p.shape[1]] = p
        tops.append((y, y + p.shape[0]))
        sheet_parts += [part, np.full((GAP, width), 255, np.uint8)]
        y += p.shape[0] + GAP
    sheet = np.vstack(sheet_parts)
    try:
        data = pytesseract.image_to_data(sheet, config=config, output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractNotFoundError:
        raise BadInput("Tesseract is not installed (apt-get install tesseract-ocr)", "scan") from None
    found: list[list[tuple[int, str, float]]] = [[] for _ in pictures]
    for text, conf, left, top, height in zip(data["text"], data["conf"], data["left"], data["top"],
                                             data["height"]):
        text = text.strip()
        if not text:
            continue
        middle = top + height / 2
        for i, (a, b) in enumerate(tops):
            if a - GAP / 2 <= middle <= b + GAP / 2:
                found[i].append((left, text, max(float(conf), 0.0) / 100))
                break
    out: list[Word | None] = []
    for words in found:
        if not words:
            out.append(None)
            continue
        words.sort()
        out.append(Word(" ".join(w for _, w, _ in words), min(c for _, _, c in words)))
    return out


NUMBER = re.compile(r"^-?\d{1,3}$")


def as_number(word: Word | None) -> tuple[int | None, float]:
    """A whole number from what Tesseract read, with its confidence; (None, 0) when it is not one."""
    if word is None:
        return None, 0.0
    text = word.text.replace(" ", "").replace("\u2212", "-").replace("\u2014", "-").replace("\u2013", "-")
    if text.count("-") > 1:
        text = "-" + text.replace("-", "")
    if not NUMBER.match(text):
        return None, 0.0
    return int(text), word.confidence
