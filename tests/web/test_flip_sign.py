"""The ± button's flip without JavaScript (inputs.flip_sign): the digits typed kept, the sign changed;
blank and 0 have none to change (a "-0" was shown back in the field)."""
import pytest

from companion.web.inputs import flip_sign


@pytest.mark.parametrize("typed, flipped", [("3", "-3"), ("-3", "3"), ("\u22123", "3"), ("+3", "-3"), (" 12 ", "-12"),
                                            ("", ""), ("0", "0"), ("-0", "0"), ("x", "-x")])
def test_the_sign_flips_and_the_digits_stay(typed, flipped):
    assert flip_sign(typed) == flipped
