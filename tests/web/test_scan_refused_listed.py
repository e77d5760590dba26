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
