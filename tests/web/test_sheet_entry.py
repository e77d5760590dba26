"""The sheet as players enter it: sections, Enter's default button, + / − steps that never
lose a tap, a stale value refused with the current one shown, the Duel's supremacy,
the boards of a number sheet, and the new-sheet form keeping what was typed."""
import re
import threading
from html.parser import HTMLParser

import pytest

from .conftest import csrf_of
from .test_cities import save_city
from .test_sheets import Page, cells, post


class Forms(HTMLParser):
    """Every form of a page with its submit buttons in document order."""

    def __init__(self, html):
        super().__init__()
        self.forms, self._form = [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._form = {"id": a.get("id"), "action": a.get("action"), "buttons": []}
            self.forms.append(self._form)
        if tag == "button" and self._form is not None and a.get("type", "submit") == "submit" and "form" not in a:
            self._form["buttons"].append(a)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None


@pytest.mark.parametrize("pad,section", [("7wonders", None), ("7wonders", "civil"), ("7wonders-2e", "coins"),
                                         ("duel", "progress"), ("duel", "outcome")])
def test_enter_presses_save_never_a_step_or_a_section(client, make_sheet, pad, section):
    """Implicit submission (Enter, a phone's Go) presses a form's first submit button:
    on the sheet that is a plain save, with no step, no section change."""
    names = ("Ana", "Bruno") if pad == "duel" else ("Ana", "Bruno", "Chloé")
    url = make_sheet(pad=pad, names=names)
    html = client.get(url + (f"?section={section}" if section else "")).get_data(as_text=True)
    sheet = next(f for f in Forms(html).forms if f["id"] == "sheet")
    first = sheet["buttons"][0]
    assert "name" not in first and "default-submit" in first["class"]
    # The + / − buttons are in the same form, after it (a number section has them).
    assert any(b.get("name") == "step" for b in sheet["buttons"]) == (section not in ("outcome", "coins"))


def test_enter_on_the_new_sheet_form_starts_it_and_never_adds_a_seat(client):
    form = next(f for f in Forms(client.get("/sheets/new").get_data(as_text=True)).forms
                if f["action"] == "/sheets/new")
    assert "name" not in form["buttons"][0]


def test_the_default_save_keeps_the_section_and_saves_what_was_typed(client, csrf, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"csrf_token": csrf, "section": "civil", "v-0-civil": "7",
                                       "was-v-0-civil": "", "v-1-civil": "", "was-v-1-civil": ""})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 200 and page.cells["v-0-civil"] == "7" and page.totals[:2] == [7, 0]
    assert 'aria-current="step">Civil' in response.get_data(as_text=True)


def test_a_section_button_saves_then_moves_on(client, csrf, make_sheet):
    url = make_sheet()
    response = client.post(url, data={"csrf_token": csrf, "section": "military", "goto": "treasury",
                                       "v-2-military": "-2", "was-v-2-military": ""})
    assert response.status_code == 303 and response.headers["Location"].endswith("?section=treasury")
    assert cells(client, url)["v-2-military"] == "\u22122"


def test_twenty_taps_on_plus_add_twenty(client, csrf, make_sheet):
    """Each tap is a step on the stored value, not "the value the phone last saw plus one"."""
    url = make_sheet()
    post(client, url, csrf, **{"v-0-civil": "5"})
    for _tap in range(20):
        # What a phone with a stale field sends: the field as it was, and the step.
        client.post(url, data={"csrf_token": csrf, "step": "0:civil:1", "v-0-civil": "5", "was-v-0-civil": "5"},
                    headers={"HX-Request": "true"})
    assert cells(client, url)["v-0-civil"] == "25"


def test_steps_from_four_phones_at_once_all_count(app, make_sheet, group_phone):
    url = make_sheet()
    phones = [group_phone() for _ in range(4)]
    tokens = [csrf_of(phone) for phone in phones]
    errors = []

    def tap(phone, token):
        for _tap in range(5):
            response = phone.post(url, data={"csrf_token": token, "step": "1:guilds:1"},
                                  headers={"HX-Request": "true"})
            if response.status_code != 200:
                errors.append(response.status_code)

    threads = [threading.Thread(target=tap, args=pair) for pair in zip(phones, tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert cells(group_phone(), url)["v-1-guilds"] == "20"


def test_a_step_past_the_rows_bounds_changes_nothing_and_says_nothing(client, csrf, make_sheet):
    """A counter stops at its ends: − on a blank cell of a row from 0 was refused ("between 0 and 60")."""
    url = make_sheet()
    response = post(client, url, csrf, step="0:treasury:-1", section="treasury")
    assert response.status_code == 200 and "between 0 and 60" not in response.get_data(as_text=True)
    assert cells(client, url)["v-0-treasury"] == ""
    post(client, url, csrf, **{"v-0-treasury": "60", "section": "treasury"})
    response = post(client, url, csrf, step="0:treasury:1", section="treasury")
    assert response.status_code == 200 and "between 0 and 60" not in response.get_data(as_text=True)
    assert cells(client, url)["v-0-treasury"] == "60"


def test_two_phones_typing_in_one_cell_the_second_is_told_and_keeps_its_number(client, csrf, make_sheet):
    url = make_sheet()
    # Both phones saw the cell empty; phone A's 11 lands first.
    assert post(client, url, csrf, **{"v-0-civil": "11", "was-v-0-civil": "", "section": "civil"}).status_code == 200
    response = post(client, url, csrf, **{"v-0-civil": "22", "was-v-0-civil": "", "section": "civil"})
    page = Page(response.get_data(as_text=True))
    assert response.status_code == 422
    assert any("changed this to 11" in e and "(22)" in e for e in page.errors)
    assert page.inputs["v-0-civil"] == "22" and page.inputs["was-v-0-civil"] == "11"   # typed kept, now shown
    assert cells(client, url)["v-0-civil"] == "11"                                        # nothing overwritten
    # Phone B presses Enter again: now it changes 11, which it has seen.
    post(client, url, csrf, **{"v-0-civil": "22", "was-v-0-civil": "11", "section": "civil"})
    assert cells(client, url)["v-0-civil"] == "22"


def test_the_same_number_from_two_phones_is_no_conflict(client, csrf, make_sheet):
    url = make_sheet()
    post(client, url, csrf, **{"v-0-civil": "11", "was-v-0-civil": ""})
    response = post(client, url, csrf, **{"v-0-civil": "11", "was-v-0-civil": ""})
    assert response.status_code == 200 and cells(client, url)["v-0-civil"] == "11"


def test_duel_number_sheet_won_by_military_supremacy(client, csrf, make_sheet):
    url = make_sheet(pad="duel", names=("Ana", "Bruno"))
    post(client, url, csrf, **{"v-0-civil": "30", "v-1-civil": "4"})
    response = post(client, url, csrf, victory="military:1", **{"was-victory": "", "section": "outcome"})
    html = response.get_data(as_text=True)
    page = Page(html)
    assert page.totals == [30, 4] and page.ranks == [2, 1]       # the supremacy wins whatever the points
    assert "Military supremacy: the game ended at once." in html
    assert 'value="military:1" checked' in client.get(url + "?section=outcome").get_data(as_text=True)
    # Back to points: the ranks follow the totals again.
    post(client, url, csrf, victory="", **{"was-victory": "military:1"})
    assert Page(client.get(url).get_data(as_text=True)).ranks == [1, 2]


@pytest.mark.parametrize("victory", ["scientific:2", "military", "civil:0", "x"])
def test_a_bad_outcome_is_refused(client, csrf, make_sheet, victory):
    url = make_sheet(pad="duel", names=("Ana", "Bruno"))
    response = post(client, url, csrf, victory=victory, section="outcome")
    assert response.status_code == 422 and "Choose how the game ended" in response.get_data(as_text=True)


def test_number_sheet_boards_are_kept(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    response = post(client, url, csrf, section="wonders", goto="wonders", **{"w-0": "gizah", "s-0": "B",
                                                                           "w-1": "", "s-1": "A"})
    assert response.status_code == 303
    html = client.get(url + "?section=wonders").get_data(as_text=True)
    assert re.search(r'name="w-0".*?<option value="gizah" selected>', html, re.S)
    assert re.search(r'name="s-0".*?<option value="B" selected>', html, re.S)
    assert not re.search(r'name="w-1".*?<option value="\w+" selected>.*?name="s-1"', html, re.S)


@pytest.mark.parametrize("board,side", [("olympia-night", "A"), ("gizah", "day"), ("atlantis", "A")])
def test_a_board_of_another_edition_is_refused(client, csrf, make_sheet, board, side):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    response = post(client, url, csrf, section="wonders", **{"w-0": board, "s-0": side})
    assert response.status_code == 422 and "Choose a wonder board of this edition" in response.get_data(as_text=True)


def test_coins_typed_on_a_city_page_show_where_ties_are_broken(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    save_city(client, csrf, url, 0, wonder="gizah", side="A", stages="0", coins="9", card=["baths"])
    page = Page(client.get(url + "?section=coins").get_data(as_text=True))
    assert page.inputs["c-0"] == "9" and page.cells["c-0"] == "9"
    assert page.inputs["c-1"] == ""                       # nothing told for a player by numbers


def test_coins_from_a_city_decide_a_tie(client, csrf, make_sheet):
    url = make_sheet(names=("Ana", "Bruno", "Chloé"))
    save_city(client, csrf, url, 0, wonder="gizah", side="A", stages="0", coins="0", card=["baths"])
    save_city(client, csrf, url, 1, wonder="rhodes", side="A", stages="0", coins="2", card=["altar"])
    # Ana: Baths 3. Bruno: Altar 2, and 2 coins are no treasury point; he types civil 3 over the city's 2.
    post(client, url, csrf, **{"v-1-civil": "3", "v-2-civil": "1"})
    page = Page(client.get(url).get_data(as_text=True))
    assert page.totals[:2] == [3, 3] and page.ranks[:2] == [2, 1]     # Bruno's 2 coins beat Ana's 0


def test_plus_a_player_keeps_the_names_typed(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "seats": "5",
                                                "name": ["Ana", "Bogdan", "", "Dan"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.count('name="name"') == 5
    assert re.findall(r'name="name" value="([^"]*)"', html) == ["Ana", "Bogdan", "", "Dan", ""]


def test_switching_the_game_keeps_the_names_typed(client, csrf):
    response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "7wonders", "switch": "duel",
                                                "name": ["Ana", "Bogdan", "Chloé"]})
    html = response.get_data(as_text=True)
    assert re.findall(r'name="name" value="([^"]*)"', html) == ["Ana", "Bogdan"]
    assert 'name="pad" value="duel"' in html


def test_saving_with_every_column_filled_files_at_once(client, csrf, make_sheet):
    url = make_sheet(pad="duel", names=("Ana", "Bruno"))
    post(client, url, csrf, **{"v-0-civil": "3", "v-1-civil": "4"})
    assert client.post(url + "/save", data={"csrf_token": csrf}).status_code == 303
