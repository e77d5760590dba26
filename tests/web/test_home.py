"""The app factory, the home page and the embedded SQLite default."""
import sqlite3
from html.parser import HTMLParser

from companion.web import create_app


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def parse(html: str) -> list:
    parser = Tags()
    parser.feed(html)
    return parser.tags


def test_home_page_is_mobile_first(client):
    response = client.get("/")
    assert response.status_code == 200
    tags = parse(response.get_data(as_text=True))
    viewport = [a for t, a in tags if t == "meta" and a.get("name") == "viewport"]
    assert viewport and "width=device-width" in viewport[0]["content"]
    assert "73" in response.get_data(as_text=True)      # Duel cards and guilds


def test_htmx_from_cdn_with_integrity_and_a_local_fallback(client, app):
    html = client.get("/").get_data(as_text=True)
    scripts = [a for t, a in parse(html) if t == "script" and "src" in a]
    cdn = [a for a in scripts if "htmx.org@2.0.4" in a["src"]]
    assert cdn and cdn[0]["integrity"].startswith("sha384-") and cdn[0]["crossorigin"] == "anonymous"
    assert "vendor/htmx-2.0.4.min.js" in html
    response = client.get("/static/vendor/htmx-2.0.4.min.js")
    assert response.status_code == 200
    response.close()


def test_the_vendored_htmx_matches_the_integrity_hash(app):
    import base64
    import hashlib
    from pathlib import Path
    from companion.web import ROOT
    body = (ROOT / "static" / "vendor" / "htmx-2.0.4.min.js").read_bytes()
    digest = "sha384-" + base64.b64encode(hashlib.sha384(body).digest()).decode()
    assert digest in (ROOT / "templates" / "base.html").read_text()
    assert Path(app.config["DATABASE"]).exists()


def test_friendly_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)


def test_store_is_created_in_wal_mode_and_migrations_are_idempotent(app, tmp_path):
    path = app.config["DATABASE"]
    create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test"})   # a second start
    con = sqlite3.connect(path)
    assert con.execute("pragma journal_mode").fetchone()[0] == "wal"
    applied = [r[0] for r in con.execute("select name from _sqlite_migrations order by rowid")]
    assert applied == ["m001_wal", "m002_events", "m003_groups", "m004_results", "m005_members",
                       "m006_table_networks", "m007_box_rows", "m008_more_box_rows",
                       "m009_game_snapshots"]


def test_an_old_file_is_upgraded_in_place_keeping_its_rows(tmp_path):
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.execute("create table keepsake (note text)")
    con.execute("insert into keepsake values ('first game')")
    con.commit()
    con.close()
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    con = sqlite3.connect(path)
    assert con.execute("select note from keepsake").fetchall() == [("first game",)]
    assert con.execute("select count(*) from events").fetchone()[0] == 0


def test_secret_key_is_generated_once_in_the_instance_folder(tmp_path):
    a = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite3")})
    b = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite3")})
    assert a.config["SECRET_KEY"] == b.config["SECRET_KEY"] and len(a.config["SECRET_KEY"]) >= 32
