"""Portuguese is Brazilian (the app's rule for pt): a player walk on the group page read "Nova ligação",
which a Brazilian reads as "new phone call", and "Ligação de convite" for the invitation link (the
catalogue's European words are test_terms.py's)."""
from companion.web import create_app


def test_the_group_page_says_link_in_brazilian(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "pt.sqlite3"), "SECRET_KEY": "test"})
    html = app.test_client().get("/group/", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Link de convite" in html and "Novo link" in html and "ligação" not in html


def test_a_resource_nobody_has_is_said_whatever_its_gender(tmp_path):
    """The trade pricer in pt: "precisa de 1 madeira; você não produz nenhum" (madeira is feminine)."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "pt.sqlite3"), "SECRET_KEY": "test"})
    html = app.test_client().get("/calc/trade?card=&need-wood=1", headers={"Accept-Language": "pt-BR"})
    text = html.get_data(as_text=True)
    assert "precisa de 1 madeira; você não produz nada disso e nenhum vizinho vende" in text
