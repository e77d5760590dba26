"""The photo reader's "To check first" list names a correction refused, first, with a link to its cell:
in a column off a phone's screen (the table scrolls sideways) it was said only at the top of the page,
"see the marked cells", and the marked cell could not be seen (a player walk in pt and de)."""
import re

ROWS = ("military", "treasury", "wonder", "civil", "science", "commercial", "guilds")


def test_a_refused_correction_is_listed_first_with_its_cell(client, csrf):
    form = {"csrf_token": csrf, "pad": "7wonders", "players": "5", "action": "check"}
    for p, name in enumerate(("Ana", "Bruno", "Chloé", "Dan", "Eva")):
        form[f"name-{p}"] = name
        form |= {f"v-{p}-{row}": "3" for row in ROWS}
    form["doubt-v-0-civil"] = "unsure"                            # a doubt the reader carried (its kind)
    form["v-4-guilds"] = "99"                                     # the fifth column: off a phone's screen
    response = client.post("/scan/confirm?lang=pt", data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    listed = re.findall(r'<li class="(\w+)" data-field="([\w-]+)">', html)
    assert listed[0] == ("invalid", "v-4-guilds") and ("doubt", "v-0-civil") in listed
    item = html.split('data-field="v-4-guilds">')[1].split("</li>")[0]
    assert 'href="#v-4-guilds"' in item and "Guildas de Eva" in item
    assert "Guildas: entre 0 e" in item                             # why, in the page's language


PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="


def test_a_marked_cell_keeps_its_photo_after_check_again_and_nothing_else_is_shown(client, csrf):
    """The photo of a doubtful cell is what the player checks it by: 'Check again' dropped it. It is
    carried with the doubt; a crop of an unmarked cell, or anything not a PNG data URL, is not shown."""
    form = {"csrf_token": csrf, "pad": "duel", "players": "2", "action": "check"}
    for p, name in enumerate(("Ana", "Bruno")):
        form[f"name-{p}"] = name
        form |= {f"v-{p}-{row}": "3" for row in ("civil", "science", "commercial", "guilds", "wonder",
                                                  "progress", "treasury", "military")}
    form |= {"doubt-v-0-civil": "unsure", "crop-v-0-civil": PNG,
             "crop-v-1-civil": PNG,                                                  # no doubt: no photo
             "doubt-v-0-guilds": "unsure", "crop-v-0-guilds": "javascript:alert(1)",
             "doubt-v-1-guilds": "unsure", "crop-v-1-guilds": "data:text/html;base64,PHNjcmlwdD4="}
    html = client.post("/scan/confirm", data=form).get_data(as_text=True)
    item = html.split('data-field="v-0-civil">')[1].split("</li>")[0]
    assert f'src="{PNG}"' in item
    assert html.count(f'src="{PNG}"') == 2          # in the list and in its cell, the unmarked one not
    assert "javascript:" not in html and "data:text/html" not in html
    again = client.post("/scan/confirm", data=form).get_data(as_text=True)
    assert f'name="crop-v-0-civil" value="{PNG}"' in again                # carried to the next check too


def test_a_marked_cell_the_player_changed_is_checked_and_its_mark_goes(client, csrf):
    """A name typed again still read 'Could not read this name', a number corrected 'Not sure of this
    number', at every check after: a cell changed from what was read loses its mark; one left as read keeps it."""
    form = {"csrf_token": csrf, "pad": "duel", "players": "2", "action": "check"}
    for p, name in enumerate(("Ana", "Bruno")):
        form[f"name-{p}"] = name
        form |= {f"v-{p}-{row}": "3" for row in ("civil", "science", "commercial", "guilds", "wonder",
                                                  "progress", "treasury", "military")}
    form |= {"doubt-name-0": "name", "read-name-0": "Aa",                 # read "Aa", typed "Ana"
             "doubt-name-1": "name", "read-name-1": "Bruno",              # left as read
             "doubt-v-0-civil": "unsure", "read-v-0-civil": "8",          # corrected to 3
             "doubt-v-1-civil": "unsure", "read-v-1-civil": " 3 "}        # as read
    html = client.post("/scan/confirm", data=form).get_data(as_text=True)
    listed = re.findall(r'<li class="\w+" data-field="([\w-]+)">', html)
    assert listed == ["name-1", "v-1-civil"]
    assert 'name="doubt-name-0"' not in html and 'name="read-v-1-civil" value=" 3 "' in html
