"""The phones of a group: listed on /group/, one removes another (asked first), the removed one is a
stranger at once; "New link" says what it does to the phones already in; the cookie lasts a year."""
import re
from datetime import datetime, timedelta, timezone

from .conftest import csrf_of, join_group

ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile"
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " \
         "Version/17.5 Mobile/15E148 Safari/604.1"


def test_a_phone_removed_by_another_is_a_stranger_at_once(app, client, csrf):
    client.environ_base["HTTP_USER_AGENT"] = ANDROID
    made = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["Ximena", "Yusuf"]})
    sheet = made.headers["Location"]
    table = client.post("/api/v1/games", json={"game": "duel", "players": [{"name": "Ximena"}, {"name": "Yusuf"}]})
    code = table.get_json()["code"]
    other = app.test_client()
    other.environ_base["HTTP_USER_AGENT"] = IPHONE
    join_group(client, other)
    assert other.get(sheet).status_code == 200 and other.get(f"/g/{code}").status_code == 200
    page = client.get("/group/").get_data(as_text=True)
    assert "This phone" in page and "Safari · iPhone" in page
    remove = re.search(r'href="(/group/phones/[\w-]+/remove)"', page).group(1)
    asked = client.get(remove).get_data(as_text=True)               # asked first: nothing changed yet
    assert "Remove this phone?" in asked and other.get(sheet).status_code == 200
    assert client.post(remove, data={"csrf_token": csrf}).status_code == 303
    # the removed phone: nothing of the group, at once
    assert other.get(sheet).status_code == 404 and other.get(f"/g/{code}").status_code == 404
    assert "Ximena" not in other.get("/history/").get_data(as_text=True)
    told = other.get("/group/").get_data(as_text=True)
    assert "This phone was removed from its group" in told and "Ximena" not in told
    assert other.post(sheet, data={"csrf_token": csrf_of(other), "v-0-civil": "9"}).status_code == 404
    # the remover stays in, and sees one phone left; it cannot remove itself or a stranger's phone
    assert client.get(sheet).status_code == 200
    page = client.get("/group/").get_data(as_text=True)
    assert "Safari · iPhone" not in page and "/remove" not in page
    assert client.get(remove).status_code == 404


def test_new_link_says_the_phones_already_in_stay_in(client, make_sheet):
    make_sheet()
    before = client.get("/group/").get_data(as_text=True)
    assert "phones already in the group stay in" in before        # said before it is pressed


def test_the_session_cookie_lasts_a_year_as_the_readme_says(client, make_sheet):
    client.get("/sheets/new")
    make_sheet()
    client.get("/group/")
    # the cookie the phone holds (set again once a week, not at every answer: security.SessionCookie)
    expires = client.get_cookie("session").expires
    assert expires > datetime.now(timezone.utc) + timedelta(days=360)


def test_a_removed_phone_landing_on_the_home_page_is_told_why_once(app, client, csrf):
    made = client.post("/sheets/new", data={"csrf_token": csrf, "pad": "duel", "name": ["Ximena", "Yusuf"]})
    assert made.status_code == 303
    other = join_group(client, app.test_client())
    assert "Ximena" in other.get("/").get_data(as_text=True)            # its group's sheet under "Resume"
    remove = re.search(r'href="(/group/phones/[\w-]+/remove)"', client.get("/group/").get_data(as_text=True)).group(1)
    assert client.post(remove, data={"csrf_token": csrf}).status_code == 303
    home = other.get("/").get_data(as_text=True)                         # the sheet gone: why, said once
    assert "This phone was removed from its group" in home and "Ximena" not in home
    assert "This phone was removed from its group" not in other.get("/").get_data(as_text=True)
    assert "This phone was removed from its group" not in client.get("/").get_data(as_text=True)
