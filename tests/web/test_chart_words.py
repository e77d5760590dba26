"""The score sheet's chart in the reader's words (a player walk in German): its name and each bar's
part said a screen reader or a long press reads. It said "Points by category for each player" and
"Ana: wonder 3" (the contract's key) on a German page."""
import re

from companion.web import i18n


def test_the_chart_names_itself_and_each_part_in_the_readers_language(app, client):
    client.get("/", query_string={"lang": "de"})
    html = client.get("/sheets/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    sheet = client.post("/sheets/new", data={"csrf_token": token, "pad": "7wonders",
                                             "name": ["Ana", "Björn", "Chloé"]}).headers["Location"]
    client.post(sheet, data={"csrf_token": token, "v-0-wonder": "3", "v-1-military": "-2"})
    chart = re.search(r"<svg class=\"chart\".*?</svg>", client.get(sheet).get_data(as_text=True), re.S).group(0)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        wonder, military = str(i18n.CATEGORIES["wonder"]), str(i18n.CATEGORIES["military"])
    assert wonder != "wonder"
    assert 'aria-label="Punkte nach Kategorie"' in chart
    assert re.findall(r"<title>([^<]*)</title>", chart) == [f"Ana: {wonder} 3", f"Björn: {military} \u22122"]
