"""Generated photos of our pads, made once a session and shared by the scan tests."""
import pytest

from companion.scan import digits
from testkit.pad_photos import PhotoSpec, make_photo

SMALL = PhotoSpec(size=(2000, 1500))      # 3 megapixels: the tests' photos (the benchmark takes 12)


@pytest.fixture(scope="session")
def digit_model():
    return digits.model()


@pytest.fixture(scope="session")
def photo():
    """photo(seed, pad, font, spec=SMALL) -> (jpeg bytes, truth), cached."""
    made = {}

    def get(seed, pad_id, font, spec=SMALL, players=None):
        key = (seed, pad_id, font, spec.size, spec.max_angle, spec.harsh, players)
        if key not in made:
            made[key] = make_photo(seed, pad_id, font, spec, players=players)
        return made[key]
    return get
