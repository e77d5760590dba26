"""A box's thing whose name a source gives in the page's language shows that name, not marked as English;
one no source names keeps its English name marked "*"/said (helper 119: the Leaders' and Pantheon's
names from public sources)."""
import re

import pytest
from babel.support import Translations
from markupsafe import escape

from companion.web import ROOT

SAID = "English name: none known in this language"


def said(lang: str) -> str:
    """The page's sentence for a name shown in English, in that language (the app's own catalogue)."""
    return str(escape(Translations.load(str(ROOT / "translations"), [lang]).gettext(SAID)))


def heading(html: str) -> tuple[str, str]:
    lang, name = re.search(r'<h1 lang="([a-z]+)">([^<]+)</h1>', html).groups()
    return lang, name


@pytest.mark.parametrize("path,lang,name", [
    ("/cards/7wonders/1/caesar", "de", "Cäsar"),
    ("/cards/7wonders/1/midas", "fr", "Midas"),
    ("/cards/7wonders/2/cleopatra-2e", "fr", "Cléopâtre"),
    ("/cards/duel/minerva", "it", "Minerva"),
    ("/cards/7wonders/2/siracusa", "fr", "Siracusa"),     # spelt as in English, yet the language's own
    ("/cards/7wonders/2/archives", "de", "Stadtarchiv"),
])
def test_a_sourced_name_is_shown_as_the_languages_own(client, path, lang, name):
    html = client.get(path, query_string={"lang": lang}).get_data(as_text=True)
    assert heading(html) == (lang, name)
    assert said(lang) not in html


@pytest.mark.parametrize("path,lang,english", [
    ("/cards/7wonders/1/nero", "de", "Nero"),
    ("/cards/7wonders/2/hatshepsut-2e", "fr", "Hatshepsut"),
    ("/cards/duel/zeus", "fr", "Zeus"),
    ("/cards/7wonders/2/siracusa", "de", "Siracusa"),
])
def test_a_name_no_source_gives_stays_english_and_said(client, path, lang, english):
    html = client.get(path, query_string={"lang": lang}).get_data(as_text=True)
    assert heading(html) == ("en", english)
    assert said(lang) in html and said(lang) != SAID
