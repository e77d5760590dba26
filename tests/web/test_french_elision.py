"""French elides "de" and "que" before a name beginning with a vowel: "Cité d'Amélie", not "Cité de
Amélie" (helper 126). Every template's text with a name goes through i18n.elided; other languages and
names beginning with a consonant are left as they are."""
from companion.web.i18n import elided


def test_a_french_city_page_elides_de_before_a_vowel(client, make_sheet):
    url = make_sheet(names=("Amélie", "Bruno", "Ugo"))
    def city(seat, lang):
        return client.get(f"{url}/city/{seat}?lang={lang}").get_data(as_text=True)
    assert "Cité d'Amélie" in city(0, "fr") and "de Amélie" not in city(0, "fr")
    assert "Cité d'Ugo" in city(2, "fr")
    assert "Cité de Bruno" in city(1, "fr")
    assert "de Amélie" in city(0, "es") and "d'Amélie" not in city(0, "es")


def test_que_and_le_elide_and_other_languages_are_left(app):
    from babel.support import Translations
    french = Translations.load(app.config["TRANSLATIONS"], ["fr"])
    portuguese = Translations.load(app.config["TRANSLATIONS"], ["pt"])
    assert elided(french, "On attend que %(name)s joue.", {"name": "Ève"}) == "On attend qu'%(name)s joue."
    assert elided(french, "On attend que %(name)s joue.", {"name": "Hugo"}) == "On attend que %(name)s joue."
    assert elided(french, "Pas de %(a)s ni de %(b)s", {"a": "Yann", "b": "Zoé"}) == "Pas d'%(a)s ni de %(b)s"
    assert elided(portuguese, "Cidade de %(name)s", {"name": "Ana"}) == "Cidade de %(name)s"


def test_an_engine_message_elides_too(app):
    """The engine's sentences (a refusal, a wait) are said through the web's words: elided as well."""
    from babel.support import Translations

    from companion.engine.messages import M
    from companion.web.i18n import KeptNames
    french = KeptNames(Translations.load(app.config["TRANSLATIONS"], ["fr"]), "fr")
    assert french.say(M("duel.whose_move", name="Amélie", other="Bruno")) == "C'est au tour d'Amélie, pas de Bruno."
    assert french.say(M("duel.whose_move", name="Bruno", other="Ugo")) == "C'est au tour de Bruno, pas d'Ugo."
