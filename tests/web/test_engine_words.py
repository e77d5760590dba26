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
