"""Hypothesis throws expansions of any shape at `score`: an answer, or BadInput saying what and where;
never another exception. And every answer keeps the base rows and adds exactly the boxes' rows."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.contract import score
from companion.engine.errors import BadInput

BOXES = st.sampled_from(["leaders", "cities", "armada", "edifice", "babel", "medals", "pantheon", "Leaders", "", "x" * 300])
LEADERS = st.sampled_from(["Cleopatra", "cleopatra", "CLEOPATRE", "Aristotle", "Euclid", "Plato", "Altar", "",
                           "Kleopatra", "zzz", "amytis"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20), st.floats(allow_nan=True),
                    st.text(max_size=8))
EXPANSIONS = st.one_of(st.lists(BOXES, max_size=3), SCALARS, st.dictionaries(st.text(max_size=3), SCALARS, max_size=2))
LEADER_LISTS = st.one_of(st.lists(st.one_of(LEADERS, SCALARS), max_size=4), SCALARS)
BASE = {"military", "treasury", "wonder", "civil", "commercial", "guilds", "science"}


def city(name, wonder, leaders, debt, cards):
    out = {"name": name, "wonder": wonder, "cards": cards}
    if leaders is not None:
        out["leaders"] = leaders
    if debt is not None:
        out["debt"] = debt
    return out


@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(expansions=EXPANSIONS, edition=st.sampled_from([1, 2, 3, "1", None]),
       leaders=st.one_of(st.none(), LEADER_LISTS), debt=st.one_of(st.none(), SCALARS, st.integers(0, 60)),
       cards=st.lists(st.one_of(LEADERS, st.sampled_from(["Baths", "Apothecary", "Scientists Guild"])), max_size=4))
def test_any_expansions_answer_or_say_what_and_where(expansions, edition, leaders, debt, cards):
    doc = {"game": "7wonders", "expansions": expansions,
           "players": [city("Ana", "Alexandria", leaders, debt, cards), {"name": "Bruno", "wonder": "Giza"},
                       {"name": "Chloé", "wonder": "Rhodes"}]}
    if edition is not None:
        doc["edition"] = edition
    try:
        answer = score(doc)
    except BadInput as refused:
        assert refused.message and (refused.where == "(top)" or refused.where.split("[")[0].split(".")[0]
                                    in {"expansions", "players", "edition"})
        return
    for player in answer["players"]:
        added = set(player["scores"]) - BASE
        assert BASE <= set(player["scores"]) and added <= {"leaders", "debt", "cities", "naval", "islands", "shipyard",
                                                             "edifice", "tower", "projects"}
        assert player["total"] == sum(player["scores"].values())
