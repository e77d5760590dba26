"""Portuguese is Brazilian (the app's rule for pt): a player walk on the group page read "Nova ligação",
which a Brazilian reads as "new phone call", and "Ligação de convite" for the invitation link (the
catalogue's European words are test_terms.py's)."""
from companion.web import create_app


def test_the_group_page_says_link_in_brazilian(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "pt.sqlite3"), "SECRET_KEY": "test"})
    html = app.test_client().get("/group/", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Link de convite" in html and "Novo link" in html and "ligação" not in html
