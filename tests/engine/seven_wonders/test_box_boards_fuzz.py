"""Hypothesis names the boxes' boards with stages and sides of any shape, with or without their box:
`score` and `trade` answer or say what and where (BadInput), never another exception (issue 31)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.contract import score, trade
from companion.engine.errors import BadInput

BOARDS = st.sampled_from(["Petra", "Byzantium", "Great Wall", "great-wall", "Stonehenge", "Abu Simbel", "Siracusa",
                          "Hagia Sophia", "Giza", "Rome", "Roma", "Manneken Pis"])
BOXES = st.lists(st.sampled_from(["cities", "wonder-pack", "armada", "leaders"]), max_size=3, unique=True)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 8), st.floats(allow_nan=True), st.text(max_size=4))
STAGES = st.one_of(SCALARS, st.lists(st.one_of(st.integers(-2, 6), SCALARS), max_size=5))
# Abu Simbel's buried leaders, of any shape (a name, the same twice, one recruited too, anything)
BURIED = st.one_of(SCALARS, st.lists(st.one_of(st.sampled_from(["Caesar", "midas", "Nefertiti"]), SCALARS), max_size=3))
SIDES = st.sampled_from(["A", "B", "a", "day", "night", "C", ""])


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(board=BOARDS, boxes=BOXES, edition=st.sampled_from([1, 2]), stages=STAGES, side=SIDES,
       build=st.one_of(st.integers(-1, 5), SCALARS), buried=BURIED,
       under=st.one_of(SCALARS, st.sampled_from(["blue", "white", "black", "purple"])))
def test_a_box_board_of_any_shape_answers_or_says_where(board, boxes, edition, stages, side, build, buried, under):
    me = {"name": "Ana", "wonder": board, "side": side, "stages": stages, "cards": ["Quarry"], "coins": 5,
          "buried": buried, "colour_under": under, **({"leaders": ["Midas"]} if "leaders" in boxes else {})}
    others = [{"name": "Bruno", "wonder": "Alexandria"}, {"name": "Chloé", "wonder": "Rhodes"}]
    for ask in (lambda: score({"game": "7wonders", "edition": edition, "expansions": boxes, "players": [me, *others]}),
                lambda: trade({"game": "7wonders", "edition": edition, "expansions": boxes, "player": me,
                               "left": others[0], "right": others[1], "build": {"stage": build}})):
        try:
            ask()
        except BadInput as refused:
            assert refused.where and refused.message
