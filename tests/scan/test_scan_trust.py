"""The calibrated probability that a cell's reading is right (companion/scan/trust.py)."""
import json

from companion.scan import trust
from companion.scan.checks import Reading


def test_the_weights_are_fitted_on_the_features_the_reader_computes_and_on_development_seeds_only():
    data = json.loads(trust.WEIGHTS.read_text())
    assert tuple(data["features"]) == trust.FEATURES and len(data["coef"]) == len(trust.FEATURES)
    assert data["seeds"] and not any(20450000 <= s < 20650000 for s in data["seeds"])   # never the bench's


def test_three_readers_alike_and_sure_are_trusted_more_than_readers_at_odds():
    alike = Reading(candidates={26: 0.99, 20: 0.01}, readers={"tesseract": 26, "digits": 26}, second=26,
                    second_sure=0.97, tess_sure=0.95)
    torn = Reading(candidates={26: 0.6, 20: 0.4}, readers={"tesseract": 20, "digits": 26}, second=20,
                   second_sure=0.7, tess_sure=0.6)
    value, sure = trust.p_right(alike)
    assert value == 26 and sure > 0.99
    assert trust.p_right(torn)[1] < 0.9 and 0.0 < trust.p_right(torn)[1]


def test_a_box_read_as_empty_or_unread_is_the_checks_to_doubt():
    assert trust.p_right(Reading(blank=True)) == (0, 1.0)
    assert trust.p_right(Reading()) == (None, 0.0)
    assert trust.features(Reading(blank=True)) is None


def test_the_value_the_second_reader_reads_sure_can_be_the_pick():
    """A 14 the network and Tesseract read as 4 (its 1 lost by the cut), the second reader 14 at 0.95:
    of the values its readers read, the model holds 14 likelier (development seed 32200001's military)."""
    fourteen = Reading(candidates={4: 0.55, 14: 0.3, 1: 0.15}, readers={"tesseract": 4, "digits": 4},
                       second=14, second_sure=0.95, tess_sure=0.4)
    assert trust.values(fourteen) == [4, 14] and trust.best(fourteen)[0] == 14
