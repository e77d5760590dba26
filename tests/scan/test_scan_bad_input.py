"""Bad input is refused with a clear message (exit 2 on the command line), before any harm."""
import io
import struct
import subprocess
import sys
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.engine.errors import BadInput
from companion.scan import read_photo, run_scan
from companion.scan.photo import MAX_BYTES, MAX_PIXELS, PhotoError
from testkit.pad_photos import PhotoSpec, blank_page, photograph

import random


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height pixels, with almost no data: a decompression bomb's shape."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def jpeg(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()


def refused(data: bytes, pad: str = "duel") -> PhotoError:
    with pytest.raises(PhotoError) as info:
        read_photo(data, pad)
    assert isinstance(info.value, BadInput)
    return info.value


def test_text_is_not_an_image():
    error = refused(b"Ana 12 13 14\nBruno 9 9 9\n")
    assert error.code == "not_image" and "not an image" in str(error)


def test_an_empty_file():
    assert refused(b"").code == "not_image"


def test_a_damaged_jpeg():
    good = jpeg(np.full((800, 600, 3), 200, np.uint8))
    assert refused(good[:40]).code == "not_image"


@pytest.mark.parametrize("side", [30000, 9000])
def test_a_decompression_bomb_is_refused_from_its_header(side):
    """30000x30000 trips Pillow's own bomb guard; 9000x9000 (81 MP) ours. Nothing is decoded."""
    data = png_header_only(side, side)
    assert len(data) < 200 and side * side > MAX_PIXELS
    error = refused(data)
    assert error.code == "too_many_pixels" and "nothing was decoded" in str(error)


def test_a_file_over_the_byte_limit():
    error = refused(b"\xff\xd8\xff" + b"\0" * MAX_BYTES)
    assert error.code == "too_large" and "MB" in str(error)


def test_a_tiny_image():
    assert refused(jpeg(np.full((150, 200, 3), 255, np.uint8))).code == "too_small"


def test_a_photo_without_a_pad():
    rng = np.random.default_rng(3)
    table = cv2.GaussianBlur(rng.integers(0, 255, (1200, 1600, 3), dtype=np.uint8), (0, 0), 3)
    error = refused(jpeg(table))
    assert error.code == "no_pad" and "no score pad found" in str(error)


def test_a_pad_with_one_corner_square_in_view():
    page = blank_page("duel", 6.0)
    pixels = np.array(page)
    h, w = pixels.shape[:2]
    pixels[: h // 2] = 250                    # the top half (two markers) cut off,
    pixels[:, : w // 2] = 250                 # and the bottom-left one
    photo = photograph(Image.fromarray(pixels), random.Random(1), PhotoSpec(size=(2000, 1500), harsh=0.3))
    error = refused(photo)
    assert error.code == "no_pad" and "one corner square" in str(error)


def test_the_wrong_pad_says_which_pad_it_is(photo):
    data, _ = photo(5, "duel", "dejavu-sans")
    error = refused(data, pad="7wonders")
    assert error.code == "wrong_pad" and error.params["shown"] == "duel"
    assert "7 Wonders Duel pad, not the 7 Wonders pad" in str(error)


def test_an_unknown_pad():
    with pytest.raises(BadInput, match="unknown pad"):
        read_photo(b"", "catan")


def test_a_missing_file(tmp_path):
    with pytest.raises(BadInput, match="cannot read the file"):
        run_scan(str(tmp_path / "nope.jpg"), "duel")


def test_a_file_too_large_is_not_read_whole(tmp_path):
    big = tmp_path / "big.jpg"
    with big.open("wb") as fh:
        fh.truncate(MAX_BYTES + 5)
    with pytest.raises(BadInput, match="larger than"):
        run_scan(str(big), "duel")


@pytest.mark.parametrize("content, message", [
    (b"not a photo", "not an image"),
    (png_header_only(30000, 30000), "decompression bomb"),
])
def test_the_command_exits_2_with_one_line(tmp_path, content, message):
    path = tmp_path / "photo.jpg"
    path.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "companion.scan.cli", str(path), "--pad", "duel", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith("companion: ")


def test_pillow_still_opens_the_bomb_header_lazily():
    """The guard relies on Pillow reading only the header on open."""
    with pytest.raises(Image.DecompressionBombError):
        Image.open(io.BytesIO(png_header_only(30000, 30000)))
