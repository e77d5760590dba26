"""Reading a photo of a score pad: the one from the game's box or our printable one (OpenCV,
Tesseract and a small network for handwritten digits).

    from companion.scan import run_scan, read_photo
    run_scan("pad.jpg", play.key)      # a pad of catalog/plays.py: the contract's JSON, or BadInput
    run_scan("pad.jpg", "auto")        # whichever pad it shows

See reader.py for the steps, locate.py (ours, by its markers) and
locate_box.py (the box's, by its paper and lines) for finding the pad,
digits.py for the handwriting reader and checks.py for how a reading is checked
(the generated test photos are testkit/pad_photos.py, outside the product).
OpenCV and scikit-learn load on first use, so `companion.scan.cli` costs the
other commands nothing.
"""
from __future__ import annotations

__all__ = ["Scan", "check_pad", "read_photo", "run_scan"]


def __getattr__(name: str):
    if name in __all__:
        from . import reader
        return getattr(reader, name)
    raise AttributeError(name)
