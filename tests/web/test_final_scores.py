"""A finished tracked game shows every player's points by category on the table page (a guest phone,
which cannot open the group's score sheet, saw only the totals): the pad's rows in printed order,
in the reader's language."""
import re

from .test_recorded_duel import FINAL, finished_duel

DUEL_ROWS_FR = ["Civil", "Science", "Commerce", "Guildes", "Merveilles", "Progrès", "Trésor", "Militaire"]


def test_a_finished_duel_shows_each_players_points_by_category(client):
    code = finished_duel(client)
    html = client.get(f"/g/{code}", query_string={"lang": "fr"}).get_data(as_text=True)
    table = re.search(r"<section[^>]*data-final-scores>(.*?)</section>", html, re.S).group(1)
    rows = re.findall(r'<tr class="cat-[a-z]+" data-row="([a-z]+)">\s*<th scope="row">([^<]*)</th>(.*?)</tr>',
                      table, re.S)
    assert [label for _, label, _ in rows] == DUEL_ROWS_FR
    for key, _, cells in rows:
        assert re.findall(r'<td class="num">(-?\d+)</td>', cells) == [str(FINAL[n][0][key]) for n in ("Ana", "Bruno")]
    totals = re.search(r'<tr class="total">(.*?)</tr>', table, re.S).group(1)
    assert re.findall(r'<td class="num">(\d+)</td>', totals) == ["83", "73"]
