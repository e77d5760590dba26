"""The scan page: a photo in, an editable preview with the doubtful cells marked, a sheet only on confirming."""
import io
import re
from html.parser import HTMLParser

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion.catalog.plays import MAX_NAME
from companion.store import sheets as store
from companion.store import open_database
from companion.web import create_app
from companion.web import scan as scan_web


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "store.sqlite3"), "SECRET_KEY": "test"})
    if "scan" not in app.blueprints:         # until the lead registers it in create_app
        app.register_blueprint(scan_web.bp)
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf(client):
    html = client.get("/scan/").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


class Fields(HTMLParser):
    """Every input of a page: name -> attributes; and the cells marked doubtful."""

    def __init__(self, html: str):
        super().__init__()
        self.inputs: dict[str, dict] = {}
        self.doubtful: set[str] = set()
        self._cell: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("td", "th"):
            self._cell = "doubt" if "doubt" in (attrs.get("class") or "").split() else None
        if tag == "input" and attrs.get("name"):
            self.inputs[attrs["name"]] = attrs
            if self._cell == "doubt" and attrs.get("type") != "hidden":
                self.doubtful.add(attrs["name"])

    def form(self) -> dict:
        return {n: a.get("value", "") for n, a in self.inputs.items() if a.get("type") not in ("file", "radio")}


def sheets(app):
    db = open_database(app.config["DATABASE"])
    try:
        return store.all_sheets(db)
    finally:
        db.close()


def post_photo(client, csrf, data, pad):
    # Encoded here in memory: the test client spools a large body to a temporary file it never closes.
    boundary, body = encode_multipart({"csrf_token": csrf, "pad": pad,
                                       "photo": FileStorage(io.BytesIO(data), "pad.jpg", content_type="image/jpeg")})
    return client.post("/scan/", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def test_the_form_takes_a_photo_from_the_camera_or_the_gallery(client):
    # No `capture`: with it a phone opens its camera only, and a photo of the pad taken earlier
    # (before the box was packed) could not be picked, though the button says "take or choose".
    fields = Fields(client.get("/scan/").get_data(as_text=True))
    photo = fields.inputs["photo"]
    assert photo["type"] == "file" and photo["accept"] == "image/*" and "capture" not in photo
    assert "csrf_token" in fields.inputs


def test_a_photo_opens_as_an_editable_preview_and_nothing_is_saved(app, client, csrf, photo):
    data, truth = photo(21, "duel", "dejavu-sans")
    response = post_photo(client, csrf, data, "duel")
    assert response.status_code == 200
    fields = Fields(response.get_data(as_text=True))
    for p, name in enumerate(truth.names):
        assert fields.inputs[f"name-{p}"]["value"] == name
        for key, value in truth.scores[p].items():
            assert fields.inputs[f"v-{p}-{key}"]["value"] == str(value)
    assert sheets(app) == []                      # nothing until the player confirms
    # A name field stops where the server's check does (it took 40 letters, the server 24).
    assert fields.inputs["name-0"]["maxlength"] == str(MAX_NAME)


def test_confirming_creates_the_sheet_with_the_numbers(app, client, csrf, photo):
    data, truth = photo(22, "7wonders", "dejavu-serif")
    fields = Fields(post_photo(client, csrf, data, "7wonders").get_data(as_text=True))
    form = fields.form() | {"action": "save"}
    form["v-0-civil"] = "33"                      # the player corrects a cell before saving
    response = client.post("/scan/confirm", data=form)
    assert response.status_code == 303 and response.headers["Location"].startswith("/sheets/")
    [sheet] = sheets(app)
    assert [p.name for p in sheet.players] == truth.names
    assert sheet.players[0].values["civil"] == 33
    assert sheet.players[1].values == truth.scores[1]


def test_coins_left_read_from_the_pad_go_to_the_sheet_for_the_tie_break(app, client, csrf, photo):
    """The printable 7 Wonders pad's coins-left row is read into the preview and saved as the sheet's
    coins left; a bad number there is refused beside its cell."""
    data, truth = photo(8, "7wonders", "dejavu-sans")
    fields = Fields(post_photo(client, csrf, data, "7wonders").get_data(as_text=True))
    assert [fields.inputs[f"coins-{p}"]["value"] for p in range(len(truth.names))] == [str(c) for c in truth.coins]
    form = fields.form()
    form["coins-1"] = "lots"
    refused = client.post("/scan/confirm", data=form | {"action": "save"})
    assert refused.status_code == 422 and Fields(refused.get_data(as_text=True)).inputs["coins-1"]["aria-invalid"]
    assert sheets(app) == []
    form["coins-1"] = "11"
    assert client.post("/scan/confirm", data=form | {"action": "save"}).status_code == 303
    [sheet] = sheets(app)
    assert [p.coins for p in sheet.players] == [truth.coins[0], 11]


def test_checking_again_marks_a_column_that_no_longer_adds_up(client, csrf, photo):
    data, truth = photo(23, "duel", "dejavu-sans")
    fields = Fields(post_photo(client, csrf, data, "duel").get_data(as_text=True))
    form = fields.form()
    assert 'class="num mismatch"' not in post_photo(client, csrf, data, "duel").get_data(as_text=True)
    # Edit one number so the column no longer adds up, and check again: its sum is marked.
    p = next(p for p in range(len(truth.names)) if form[f"total-{p}"])
    form[f"v-{p}-civil"] = str(int(form[f"v-{p}-civil"]) + 5)
    response = client.post("/scan/confirm", data=form | {"action": "check"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count('class="num mismatch"') == 1


def test_a_bad_number_is_refused_beside_its_cell_and_nothing_is_saved(app, client, csrf, photo):
    data, _ = photo(24, "duel", "dejavu-sans")
    form = Fields(post_photo(client, csrf, data, "duel").get_data(as_text=True)).form()
    form["v-1-military"] = "99"
    response = client.post("/scan/confirm", data=form | {"action": "save"})
    assert response.status_code == 422
    fields = Fields(response.get_data(as_text=True))
    assert fields.inputs["v-1-military"]["aria-invalid"] == "true"
    assert fields.inputs["v-1-military"]["value"] == "99"     # what was typed is kept
    assert sheets(app) == []


def test_the_total_on_the_pad_can_be_corrected_and_a_bad_one_is_refused(app, client, csrf, photo):
    data, truth = photo(25, "duel", "dejavu-sans")
    form = Fields(post_photo(client, csrf, data, "duel").get_data(as_text=True)).form()
    p = next(p for p in range(len(truth.names)) if truth.totals[p] is not None)
    assert form[f"total-{p}"] == str(truth.totals[p])
    # A misread total corrected by hand: the sum no longer matches it, and the page says so.
    form[f"total-{p}"] = str(truth.totals[p] + 1)
    html = client.post("/scan/confirm", data=form | {"action": "check"}).get_data(as_text=True)
    assert html.count('class="num mismatch"') == 1
    form[f"total-{p}"] = "12a"
    response = client.post("/scan/confirm", data=form | {"action": "save"})
    assert response.status_code == 422
    fields = Fields(response.get_data(as_text=True))
    assert fields.inputs[f"total-{p}"]["aria-invalid"] == "true"
    assert fields.inputs[f"total-{p}"]["value"] == "12a"        # what was typed is kept
    assert "Write the total as a whole number" in response.get_data(as_text=True)
    assert sheets(app) == []


def test_reader_doubts_are_marked_in_the_preview(client, csrf, photo):
    """A handwriting-style pad where the reader doubts some cells: they are marked, with the reason."""
    for seed in range(30, 40):
        data, truth = photo(seed, "7wonders", "dkg-handwriting")
        html = post_photo(client, csrf, data, "7wonders").get_data(as_text=True)
        fields = Fields(html)
        if fields.doubtful:
            break
    assert fields.doubtful
    name = sorted(fields.doubtful)[0]
    assert f'name="doubt-{name}"' in html and f'aria-describedby="{name}-note"' in html


@pytest.mark.parametrize("data, message", [
    (b"just text", "not a photo we can read"),
    (b"", "Choose a photo"),
])
def test_bad_files_are_a_form_error(app, client, csrf, data, message):
    if data:
        response = post_photo(client, csrf, data, "duel")
    else:
        response = client.post("/scan/", data={"csrf_token": csrf, "pad": "duel"}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert sheets(app) == []


def test_the_wrong_pad_is_a_form_error(client, csrf, photo):
    data, _ = photo(25, "duel", "dejavu-sans")
    response = post_photo(client, csrf, data, "7wonders-2e")
    assert response.status_code == 422
    assert "This photo shows the 7 Wonders Duel pad, not the 7 Wonders (2nd edition) pad" in \
        response.get_data(as_text=True)


def test_a_photo_over_the_limit_is_refused_with_the_form(app, client, csrf):
    response = post_photo(client, csrf, b"\xff" * (scan_web.MAX_PHOTO_BYTES + 10), "duel")
    assert response.status_code == 413
    html = response.get_data(as_text=True)
    assert "larger than 20 MB" in html and 'name="photo"' in html


def test_a_12_megapixel_jpeg_fits_under_the_scan_limit(app, client, csrf, photo):
    from testkit.pad_photos import PhotoSpec
    data, _ = photo(26, "duel", "dejavu-sans", PhotoSpec(size=(4000, 3000)))
    padded = data + b"\0" * (app.config["MAX_CONTENT_LENGTH"] + 1024 - len(data))  # over the app's limit
    assert len(padded) > app.config["MAX_CONTENT_LENGTH"]
    assert post_photo(client, csrf, padded, "duel").status_code == 200


def test_the_page_is_translated(client, csrf):
    html = client.get("/scan/?lang=fr").get_data(as_text=True)
    assert "Scanner un carnet de score" in html


def test_every_printable_pad_has_its_four_markers(client, cat):
    for pad_id in ("7wonders", "7wonders-2e", "duel"):
        html = client.get(f"/scan/pad/{pad_id}").get_data(as_text=True)
        layout = cat.pads[pad_id].layout
        assert f'width="{layout.page[0]}mm"' in html and f'height="{layout.page[1]}mm"' in html
        assert html.count("<rect x=") > 4 * 8       # the markers' black modules
        assert "@page { size:" in html
    assert client.get("/scan/pad/catan").status_code == 404


def test_the_pad_is_recognised_when_the_player_leaves_it_to_the_reader(app, client, csrf, photo):
    form = client.get("/scan/").get_data(as_text=True)
    assert 'value="auto" checked> Recognise it' in form           # the default choice
    data, _ = photo(25, "duel", "dejavu-sans")
    response = post_photo(client, csrf, data, "auto")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<input type="hidden" name="pad" value="duel">' in html and "7 Wonders Duel" in html
    assert sheets(app) == []


def test_a_pad_whose_edition_the_photo_cannot_tell_is_chosen_by_the_player(app, client, csrf):
    """A 2nd-edition box pad printed 12% taller and narrower is as tall for its width as a 1st-edition
    one (their rows are the same): the preview asks which game it is from, both offered, and the
    sheet is made for the one the player chooses."""
    from testkit.pad_photos import PhotoSpec, drawn_box_pad, make_photo
    box = drawn_box_pad("7wonders-2e", label=0.88, column=0.88, name=1.12, row=1.12, total=1.12,
                        margins=(0.88, 1.12, 0.88, 1.12))
    data, truth = make_photo(45, "7wonders-2e", "dejavu-sans", PhotoSpec(size=(2000, 1500)), sheet="box", box=box)
    response = post_photo(client, csrf, data, "auto")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Which game is this pad from? The photo did not show it clearly." in html
    offered = re.findall(r'<input type="radio" name="pad" value="([^"]+)"', html)
    assert sorted(offered) == ["7wonders", "7wonders-2e"]
    form = Fields(html).form() | {"action": "save", "pad": "7wonders-2e", "could-be": offered}
    response = client.post("/scan/confirm", data=form)
    assert response.status_code == 303
    [sheet] = sheets(app)
    assert sheet.pad == "7wonders-2e"                # the player's choice, the numbers as the preview held them
    assert [p.name for p in sheet.players] == [form[f"name-{n}"] for n in range(len(truth.names))]


def test_a_pad_the_photo_tells_apart_asks_nothing(client, csrf, photo):
    data, _ = photo(25, "duel", "dejavu-sans")
    html = post_photo(client, csrf, data, "auto").get_data(as_text=True)
    assert "Which game is this pad from?" not in html and 'name="could-be"' not in html


def test_a_preview_mostly_doubted_suggests_another_photo(client, csrf, photo):
    """A dim photo whose pad is found but whose numbers are not: with half the cells or more doubted,
    the preview says a photo in more light may read them, with a link to take it; a few doubts do not."""
    data, _ = photo(23, "duel", "dejavu-sans")
    read = post_photo(client, csrf, data, "duel").get_data(as_text=True)
    assert "scan-retake" not in read
    form = Fields(read).form()
    cells = [n for n in form if n.startswith(("v-", "name-", "total-"))]
    one = client.post("/scan/confirm", data=form | {f"doubt-{cells[0]}": "unsure", "action": "check"})
    assert "scan-retake" not in one.get_data(as_text=True)
    most = {f"doubt-{n}": "unsure" for n in cells[: len(cells) // 2 + 1]}
    html = client.post("/scan/confirm", data=form | most | {"action": "check"}).get_data(as_text=True)
    assert 'class="note scan-retake"' in html and "Take another photo" in html
    assert 'href="/scan/?pad=duel"' in html
