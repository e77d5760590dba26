"""Portuguese is Brazilian (the app's rule for pt): a player walk on the group page read "Nova ligação",
which a Brazilian reads as "new phone call", and "Ligação de convite" for the invitation link."""
import re

from babel.messages.pofile import read_po

from companion.web import create_app

# European Portuguese words a Brazilian reads otherwise or not at all (link, mobile, screen, file, user).
EUROPEAN = re.compile(r"ligaç|telemóve|ecrã|ficheiro|utilizador", re.I)


def test_no_european_portuguese_word_in_the_catalogue():
    with open("translations/pt/LC_MESSAGES/messages.po", "rb") as po:
        found = [m.id for m in read_po(po) if m.id
                 and EUROPEAN.search(m.string if isinstance(m.string, str) else " ".join(m.string))]
    assert found == []


def test_the_group_page_says_link_in_brazilian(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "pt.sqlite3"), "SECRET_KEY": "test"})
    html = app.test_client().get("/group/", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Link de convite" in html and "Novo link" in html and "ligação" not in html
