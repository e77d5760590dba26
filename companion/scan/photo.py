"""A photo's bytes to a grey image, refusing what is not a photo we can read.

The header is read first (Pillow reads only the header on open): a file that
is not an image, that is too large, or that would decode to too many pixels (a
decompression bomb: a few kilobytes that expand to gigabytes) is refused
before anything is decoded. Large photos are decoded at a half or a quarter of
their size straight from the JPEG (the reader needs about 2 megapixels).
"""
from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from ..engine.errors import BadInput

MAX_BYTES = 20 * 1024 * 1024           # a 12-megapixel JPEG is 3 to 8 MB; a 50-megapixel one up to ~20
MAX_PIXELS = 60_000_000                 # 48/50-megapixel phone cameras pass, bombs do not
MIN_SIDE = 320
FORMATS = {"JPEG", "PNG", "WEBP", "BMP", "TIFF", "MPO"}
WORKING_PIXELS = 2_400_000              # decode large photos down towards this
MAX_DECODE_BYTES = 64 * 1024 * 1024     # what decoding one photo may hold (a few are read at once)


class PhotoError(BadInput):
    """Bad input to the scanner; `code` says which kind, for a page to word it in its language."""

    def __init__(self, code: str, message: str, where: str = "photo", **params):
        super().__init__(message, where)
        self.code = code
        self.params = params


def read_file(path: str) -> bytes:
    """A photo file's bytes, refusing one too large before reading it all."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise PhotoError("not_image", "is a folder, not a photo", path) from None
    except OSError as exc:
        raise PhotoError("unreadable", f"cannot read the file ({exc.strerror})", path) from None
    check_size(len(data), path)
    return data


def check_size(size: int, where: str = "photo") -> None:
    if size > MAX_BYTES:
        raise PhotoError("too_large", f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; take the photo at a "
                       "lower resolution", where)
    if size == 0:
        raise PhotoError("not_image", "the file is empty", where)


def decode_bytes(header: Image.Image) -> int:
    """The memory cv2.imdecode will take for this image, from its header alone (measured with OpenCV 5).

    A baseline JPEG is decoded straight to a reduced grey image (decode() picks
    the factor), so it costs only the output. A progressive JPEG keeps every
    DCT coefficient until its last scan: 2 bytes each, the chroma planes at
    their subsampled size. Other formats are decoded at full size with all their
    channels, then turned grey: a 7,700 x 7,700 PNG of 190 KB took 240 MB.
    """
    from PIL import JpegImagePlugin
    pixels = header.size[0] * header.size[1]
    bands = len(header.getbands())
    if header.format in ("JPEG", "MPO"):
        factor = next((f for f in (4, 2) if pixels / (f * f) >= WORKING_PIXELS), 1)
        output = pixels // (factor * factor)
        if not (header.info.get("progressive") or header.info.get("progression")):
            return output
        chroma = {0: 2.0, 1: 1.0, 2: 0.5}.get(JpegImagePlugin.get_sampling(header), 2.0) if bands > 1 else 0.0
        return output + int(pixels * 2 * (1 + chroma))
    depth = 2 if header.mode in ("I", "F", "I;16", "I;16B", "I;16L") or "16" in header.info.get("mode", "") else 1
    return pixels * (bands * depth + 1)


def decode(data: bytes, where: str = "photo") -> tuple[np.ndarray, float]:
    """(grey image, factor from its pixels to the photo's): refuses anything but a readable photo."""
    check_size(len(data), where)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as header:
                fmt, (width, height) = header.format, header.size
                cost = decode_bytes(header)
    except Image.DecompressionBombError:
        raise PhotoError("too_many_pixels", "the image's header claims far too many pixels (a decompression bomb?); "
                       "nothing was decoded", where) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise PhotoError("not_image", "not an image (a photo in JPEG, PNG or WebP is needed)", where) from None
    if fmt not in FORMATS:
        raise PhotoError("not_image", f"a {fmt} image cannot be read here; send a JPEG, PNG or WebP photo", where)
    if width * height > MAX_PIXELS:
        raise PhotoError("too_many_pixels", f"the image has {width * height / 1e6:.0f} megapixels, more than the "
                       f"{MAX_PIXELS // 1_000_000} allowed; nothing was decoded", where)
    if cost > MAX_DECODE_BYTES:
        allowed = width * height * MAX_DECODE_BYTES // cost
        raise PhotoError("too_many_pixels", f"decoding this {fmt} image of {width}x{height} pixels would take "
                         f"{cost // 2 ** 20} MB; at most {allowed // 1_000_000} megapixels of it can be read; nothing was "
                         "decoded", where, mp=allowed // 1_000_000)
    if min(width, height) < MIN_SIDE:
        raise PhotoError("too_small", f"the image is only {width}x{height} pixels; the pad cannot be read at that size", where)
    flag, factor = cv2.IMREAD_GRAYSCALE, 1.0
    if fmt in ("JPEG", "MPO"):      # the JPEG decoder scales down for free
        for reduced, f in ((cv2.IMREAD_REDUCED_GRAYSCALE_4, 4.0), (cv2.IMREAD_REDUCED_GRAYSCALE_2, 2.0)):
            if width * height / (f * f) >= WORKING_PIXELS:
                flag, factor = reduced, f
                break
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if image is None:
        raise PhotoError("not_image", "the image is damaged and cannot be decoded", where)
    if factor == 1.0 and image.shape[0] * image.shape[1] > 2 * WORKING_PIXELS:
        f = (image.shape[0] * image.shape[1] / WORKING_PIXELS) ** 0.5
        image = cv2.resize(image, (round(image.shape[1] / f), round(image.shape[0] / f)),
                           interpolation=cv2.INTER_AREA)
        factor = f
    return image, factor
