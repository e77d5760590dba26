"""An engine message said in the reader's language (web/i18n.say), inside a request and outside one."""
from companion.engine.messages import M
from companion.web.i18n import say


def test_a_message_is_said_in_each_requests_own_language(app):
    for lang, said in (("fr", "3 pièces"), ("de", "3 Münzen"), ("en", "3 coins"), ("fr", "3 pièces")):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            assert say(M("coins", num=3)) == said
            assert say(M("coins", num=3)) == said             # the request's catalogue, kept


def test_a_message_is_said_in_english_outside_a_request():
    assert say(M("coins", num=2)) == "2 coins"


def test_a_card_is_named_in_each_language_and_looked_up_once_a_language(app, monkeypatch):
    """A restarted worker says every line of each table's log: a card's name is looked up in the
    catalog once a language (i18n.KeptNames), and each request still names it in its own."""
    import companion.catalog as catalogs
    from companion.engine.messages import Name
    real, asked = catalogs.catalog, []
    monkeypatch.setattr(catalogs, "catalog", lambda: asked.append(1) or real())
    card = M("move.destroy", name="Ana", card=Name("baths"))
    for lang, said in (("fr", "Bains"), ("de", "Bäder"), ("fr", "Bains"), ("de", "Bäder")):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            assert said in say(card)
            assert said in say(card)
    assert len(asked) <= 2                  # fr and de once each (none if kept by an earlier test)
