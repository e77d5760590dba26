"""Cities' team variant on the score sheet (issue 31, point 2): a Cities sheet at a count its edition's
team variant seats shows each team (partners side by side), its score and rank, kept up to date as the
numbers are typed; a sheet without Cities, or at another count, shows none."""
import re
import shutil

import pytest

from companion.catalog import CatalogError, catalog, default_card_db, load_catalog
from tests.web.test_sheet_boxes import start
from tests.web.test_sheets import post

FOUR = ("Ana", "Bruno", "Chloé", "Dan")


def teams_of(html):
    block = html.split('id="teams"', 1)[1].split("</details>", 1)[0]
    names = re.findall(r"<li data-team><span>([^<]+)</span>", block)
    totals = [int(t) for t in re.findall(r"data-team-total>(-?\d+)<", block)]
    ranks = [int(r) for r in re.findall(r"data-team-rank>(\d+)", block)]
    return list(zip(names, totals, ranks))


def test_a_four_player_cities_sheet_scores_its_two_teams(client, csrf):
    url = start(client, csrf, boxes=("cities",), names=FOUR)
    response = post(client, url, csrf, **{"v-0-civil": "20", "v-1-civil": "15", "v-2-civil": "30", "v-3-civil": "4"})
    assert teams_of(response.get_data(as_text=True)) == [("Ana + Bruno", 35, 1), ("Chloé + Dan", 34, 2)]
    html = client.get(url).get_data(as_text=True)
    assert teams_of(html) == [("Ana + Bruno", 35, 1), ("Chloé + Dan", 34, 2)]


def test_no_teams_without_cities_or_at_a_count_the_variant_does_not_seat(client, csrf):
    assert 'id="teams"' not in client.get(start(client, csrf, boxes=("leaders",), names=FOUR)).get_data(as_text=True)
    three = start(client, csrf, boxes=("cities",), names=FOUR[:3])
    assert 'id="teams"' not in client.get(three).get_data(as_text=True)
    five = start(client, csrf, pad="7wonders-2e", boxes=("cities",), names=FOUR + ("Eva", "Filip", "Gia", "Hugo"))
    assert 'id="teams"' not in client.get(five).get_data(as_text=True)      # 8 seats: the 2nd edition's teams are 4 or 6


def test_the_editions_team_counts_come_from_boxes_toml():
    cities = catalog().boxes["cities"]
    assert cities.team_players(1) == (4, 6, 8) and cities.team_players(2) == (4, 6)
    assert catalog().boxes["leaders"].team_players(1) == ()


@pytest.mark.parametrize("teams,says", [
    ('{ "1" = [4, 5] }', "even"),
    ('{ "1" = [2] }', "even, from 4"),
    ('{ "1" = [10] }', "most players"),
    ('{ "3" = [4] }', "edition of the box"),
    ('[4, 6]', "table of edition"),
])
def test_a_bad_team_variant_in_boxes_toml_is_refused_saying_where(tmp_path, teams, says):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    path = root / "boxes.toml"
    text = path.read_text()
    old = 'teams = { "1" = [4, 6, 8], "2" = [4, 6] }'
    assert old in text
    path.write_text(text.replace(old, f"teams = {teams}"))
    with pytest.raises(CatalogError, match=says) as caught:
        load_catalog(root)
    assert "box[1]" in str(caught.value)        # Cities, the second box of the file
