"""Actions are small hashable values with a text form and back."""
import pytest

from companion.engine.duel.actions import (Build, BuildWonder, ChooseStarter, Destroy, Discard, DrawToken,
                                           LibraryPick, PickWonder, Rebuild, Reveal, ShowProgress, ShowWonder,
                                           TakeProgress, parse)
from companion.engine.errors import BadInput

EVERY = [Build(3), Discard(19), BuildWonder(14, "the-pyramids"), TakeProgress("law"), Destroy("quarry"),
         Rebuild("baths"), LibraryPick("economy"), ChooseStarter(1), PickWonder("piraeus"),
         Reveal(9, "tavern"), ShowProgress("agriculture"), ShowWonder("the-sphinx"), DrawToken("masonry")]


@pytest.mark.parametrize("action", EVERY, ids=str)
def test_text_form_round_trips(action):
    assert parse(str(action)) == action
    assert hash(action) == hash(parse(str(action)))


def test_bad_text_is_refused_with_where():
    for text in ("", "fly 3", "build", "build x", "wonder 3"):
        with pytest.raises(BadInput) as err:
            parse(text)
        assert err.value.where == "action"
