"""The Duel's city page with Pantheon: the box's progress tokens offered beside the base ten, and
Mysticism's count asked (the mythology and offering tokens still held, 2 points each), scored by the
engine; a token of a box not in play, or a count out of the box, refused with the page's own message."""
import re

import pytest

from tests.web.test_cities import city_url, save_city
from tests.web.test_sheet_boxes import history_elsewhere, start
from tests.web.test_sheets import Page


def duel(client, csrf, boxes=("pantheon",)):
    return start(client, csrf, pad="duel", boxes=boxes, names=("Ana", "Bruno"))


def test_the_boxes_tokens_are_offered_with_their_effect_and_mysticism_asks_what_is_held(client, csrf):
    html = client.get(city_url(duel(client, csrf), 0) + "?lang=fr").get_data(as_text=True)
    offered = re.findall(r'name="progress" value="([\w-]+)"', html)
    assert offered[-3:] == ["mysticism", "poliorcetics", "engineering"] and len(offered) == 13
    assert "À la fin : 2 points pour chaque jeton Mythologie ou Offrande que vous avez encore." in html
    assert re.search(r'data-tokens="mysticism">\s*<label class="field"><span>Jetons Mythologie que vous avez encore \(0–10\)',
                     html)
    assert 'name="offering_tokens"' in html
    plain = client.get(city_url(duel(client, csrf, boxes=()), 0)).get_data(as_text=True)
    assert "mysticism" not in plain and "mythology_tokens" not in plain


def test_mysticism_with_three_tokens_held_scores_six_more(client, csrf):
    url = duel(client, csrf)
    assert save_city(client, csrf, url, 0, progress="mysticism", mythology_tokens="0").status_code == 303
    without = Page(client.get(url).get_data(as_text=True)).totals[0]
    assert save_city(client, csrf, url, 0, progress="mysticism", mythology_tokens="2",
                     offering_tokens="1").status_code == 303
    assert Page(client.get(url).get_data(as_text=True)).totals[0] == without + 6


def test_a_count_held_without_mysticism_scores_nothing(client, csrf):
    url = duel(client, csrf)
    assert save_city(client, csrf, url, 0, progress="law", mythology_tokens="3").status_code == 303
    assert Page(client.get(url).get_data(as_text=True)).totals[0] == 0


@pytest.mark.parametrize("typed", ["abc", "-1", "11", "3.5", "٣"])
def test_a_bad_count_is_refused_beside_it_in_the_page_language_all_typed_kept(client, csrf, typed):
    url = duel(client, csrf)
    client.get(city_url(url, 0) + "?lang=de")            # the language a page is asked in stays
    response = save_city(client, csrf, url, 0, progress=["mysticism", "law"], coins="7",
                         mythology_tokens=typed)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Mythologiemarker, die du noch hast: eine ganze Zahl von 0 bis 10." in html
    assert f'name="mythology_tokens" id="mythology_tokens" inputmode="numeric" data-field value="{typed}"' in html
    assert 'name="coins"' in html and re.search(r'name="coins"[^>]*value="7"', html)
    assert re.search(r'value="mysticism" checked', html) and re.search(r'value="law" checked', html)
    assert Page(client.get(url).get_data(as_text=True)).totals[0] == 0         # nothing saved


def test_a_token_of_a_box_not_in_play_is_refused_in_the_page_language(client, csrf):
    url = duel(client, csrf, boxes=())
    client.get(city_url(url, 0) + "?lang=it")
    response = save_city(client, csrf, url, 0, progress=["mysticism", "law"], coins="5")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Scegli i segnalini Progresso tra quelli proposti." in html
    assert re.search(r'value="law" checked', html) and re.search(r'name="coins"[^>]*value="5"', html)
    client.get(city_url(url, 0) + "?lang=en")
    agora = duel(client, csrf, boxes=("agora",))
    refused = save_city(client, csrf, agora, 0, progress="mysticism", mythology_tokens="3")
    assert refused.status_code == 422 and "Choose the progress tokens among those offered." in refused.get_data(as_text=True)


def test_a_game_with_mysticism_and_tokens_held_exports_and_imports_back(client, csrf, tmp_path):
    from tests.web.test_sheets import post
    url = duel(client, csrf)
    assert save_city(client, csrf, url, 0, progress=["mysticism", "law"], mythology_tokens="3").status_code == 303
    post(client, url, csrf, **{"v-1-civil": "1", "v-0-divinities": "0", "v-1-divinities": "0"})
    assert client.post(url + "/save", data={"csrf_token": csrf, "confirm": "1"}).status_code == 303
    assert "Ana — 6" in history_elsewhere(client, tmp_path)       # Mysticism, 3 mythology tokens
