"""The reader's language and its catalogue, found once a request (issue 29): Flask-Babel looked the
catalogue up again at every text said, and Accept-Language was parsed and matched at every request."""
from flask_babel import Domain, force_locale, refresh
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import LanguageAccept

from companion.web import i18n

SELL = _l("Sell")          # a lazy text, as table_view's verbs are


def test_lazy_texts_find_the_catalogue_once_a_request(app, monkeypatch):
    looked = []
    real = Domain.get_translations
    monkeypatch.setattr(Domain, "get_translations", lambda self: looked.append(1) or real(self))
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        said = [str(SELL) for _ in range(10)]
    assert said == ["Verkaufen"] * 10
    assert len(looked) == 1


def test_a_language_chosen_again_in_a_request_is_said_in_it(app):
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert str(SELL) == "Verkaufen"
        with force_locale("fr"):
            assert str(SELL) == "Vendre"
        assert str(SELL) == "Verkaufen"
    for lang, word in (("fr", "Vendre"), ("en", "Sell"), ("de", "Verkaufen")):   # each request its own
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            assert str(SELL) == word
            refresh()
            assert str(SELL) == word


def test_a_header_is_matched_once_then_known(app, monkeypatch):
    monkeypatch.setattr(i18n, "_by_header", {}, raising=False)
    matched = []
    real = LanguageAccept.best_match
    monkeypatch.setattr(LanguageAccept, "best_match", lambda self, *a, **k: matched.append(1) or real(self, *a, **k))
    for header, lang in (("de-DE,de;q=0.9,en;q=0.8", "de"), ("de-DE,de;q=0.9,en;q=0.8", "de"),
                         ("fr-FR,fr;q=0.9", "fr"), ("de-DE,de;q=0.9,en;q=0.8", "de"), ("", "en"), ("", "en")):
        with app.test_request_context("/", headers={"Accept-Language": header} if header else {}):
            assert i18n.current() == lang
    assert len(matched) == 3


def test_a_long_header_is_matched_each_time_and_the_kept_ones_are_bounded(app, monkeypatch):
    monkeypatch.setattr(i18n, "_by_header", {}, raising=False)
    monkeypatch.setattr(i18n, "KEPT_HEADERS", 3, raising=False)
    long_header = "x-" + "a" * getattr(i18n, "LONGEST_HEADER", 200) + ",ro;q=0.5"
    for _ in range(2):
        with app.test_request_context("/", headers={"Accept-Language": long_header}):
            assert i18n.current() == "ro"
    assert i18n._by_header == {}
    for n in range(7):
        with app.test_request_context("/", headers={"Accept-Language": f"it;q=0.{n + 1}"}):
            assert i18n.current() == "it"
        assert len(i18n._by_header) <= 3
