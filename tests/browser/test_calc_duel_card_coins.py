"""The Duel's price calculator counts the coins printed on the card in the reader's plural (walked in pt at
390x844: the Stone Pit's "1 moedas impressas na carta, 0 pelos recursos")."""
import pytest
from playwright.sync_api import expect

SAID = {"pt": ("1 moeda impressa na carta, 0 pelos recursos", "2 moedas impressas na carta, 4 pelos recursos"),
        "ro": ("1 monedă tipărită pe carte, 0 pentru resurse", "2 monede tipărite pe carte, 4 pentru resurse"),
        "en": ("1 coin printed on the card, 0 for resources", "2 coins printed on the card, 4 for resources")}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_coins_on_the_card_are_counted_in_the_readers_plural(live_server, phone, lang):
    phone.goto(f"{live_server}/calc/duel?lang={lang}")
    card = phone.locator("select[name=card]")
    for value, said in zip(("stone-pit", "caravansery"), SAID[lang]):
        card.select_option(value)
        expect(phone.locator("#answer .note")).to_have_text(said)
