"""Reading a photo of our printed score pad (OpenCV + Tesseract).

    from companion.scan import run_scan, read_photo
    run_scan("pad.jpg", "duel")        # the contract's JSON, or BadInput

See reader.py for the steps, checks.py for how a reading is checked, and
synth.py for the generated test photos. OpenCV and scikit-learn load on first
use, so `companion.scan.cli` costs the other commands nothing.
"""
from __future__ import annotations

__all__ = ["Scan", "check_pad", "read_photo", "run_scan"]


def __getattr__(name: str):
    if name in __all__:
        from . import reader
        return getattr(reader, name)
    raise AttributeError(name)
