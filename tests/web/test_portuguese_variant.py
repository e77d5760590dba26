"""The Portuguese catalogue is Brazilian Portuguese throughout (helper 126): it mixed 'celulares' and
'arquivo' (Brazil) with 'Registe' and 'numa' (Portugal). The forms a player sees most are Brazil's."""
import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).parents[2] / "translations" / "pt" / "LC_MESSAGES" / "messages.po"
EUROPEAN = re.compile(r"\b(numa|Registe|telemóve(l|is)|ecrã|utilizador|ficheiro|equipa)\b|-se numa", re.IGNORECASE)


def test_the_portuguese_catalogue_is_brazilian():
    with PO.open("rb") as f:
        catalogue = read_po(f)
    said = [m.string for m in catalogue if m.id and isinstance(m.string, str) and m.string]
    assert any("celular" in s for s in said)
    assert [s for s in said if EUROPEAN.search(s)] == []


def test_the_new_table_page_says_join_a_game_in_brazilian_portuguese(client):
    html = client.get("/g/new?lang=pt").get_data(as_text=True)
    assert "Entrar em uma partida" in html and "numa partida" not in html
