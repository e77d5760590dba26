"""Issue 29, point 2: a board's parts every phone sees alike are rendered once a version and reused.

After a move every other phone at the table asks for its board at once: the
cities, the log and the price form are rendered for the first and reused for
the others, never shown for another version, language or game, and a phone's
own forms (its token, its seat) are never shared.
"""
import re

from companion.web import table_view

from .conftest import open_table

SEVEN = {"game": "7wonders", "edition": 1, "players": [
    {"name": n, "wonder": w, "side": "A"} for n, w in [("Ana", "Giza"), ("Bruno", "Rhodes"), ("Chloé", "Ephesus")]]}


def phone_at(app, join_url: str, name: str, lang: str = "en"):
    phone = app.test_client()
    phone.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    phone.get(join_url)
    phone.get(f"{join_url.split('?')[0]}?as={name}")
    return phone


def board(phone, code: str) -> str:
    return phone.get(f"/g/{code}/board?v=0", headers={"HX-Request": "true"}).get_data(as_text=True)


def cities(html: str) -> str:
    return re.search(r'<div class="cities">.*?</div>\s*(?=<details)', html, re.S).group(0)


def parts(code: str) -> list[tuple]:
    """The table's kept shared parts as (render, stamp, (language, name)); a part is kept by (database,
    language, code, name) with its latest render's stamp, the version or what the part shows (content),
    and a render is known by its key and stamp."""
    # A content stamp holds the players and scores as they are (lists: 40a8109), so a render is known
    # here by the stamp's repr, which differs as the content does.
    return [((k, repr(v[0])), v[0], (k[1], k[3])) for k, v in table_view._shared.items.items() if k[2] == code]


def shared_renders(code: str, version: int) -> list[tuple]:
    """The shared parts rendered for this version: by its number, or by what they show (content)."""
    return [part for _, stamp, part in parts(code) if stamp == version or isinstance(stamp, tuple)]


def test_the_other_phones_reuse_one_render_of_what_they_see_alike(app, client):
    code = open_table(client, SEVEN)
    token = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    join = f"/g/{code}?t={token}"
    ana, bruno, chloe = (phone_at(app, join, n) for n in ("Ana", "Bruno", "Chloé"))
    seen = [board(p, code) for p in (ana, bruno, chloe)]
    assert len({cities(html) for html in seen}) == 1
    # The seats' chips: one render for the table, each phone's own seat marked in it (table_view.seat_chips).
    assert sorted(shared_renders(code, 1)) == [("en", "cities"), ("en", "log"), ("en", "pick|Ana"),
                                               ("en", "pick|Bruno"), ("en", "pick|Chloé"), ("en", "seats")]
    # Each phone's own: its seat's form, its own token in every form it posts.
    for html, name, phone in zip(seen, ("Ana", "Bruno", "Chloé"), (ana, bruno, chloe)):
        assert f'data-act-for="{name}"' in html and html.count('data-act-for="') == 1
        assert re.findall(r'class="chip on" href="\?as=([^"]+)"', html) == [name.replace("é", "%C3%A9")]
        token_of = re.search(r'"X-CSRF-Token": "([^"]+)"', phone.get(f"/g/{code}").get_data(as_text=True)).group(1)
        assert set(re.findall(r'name="csrf_token" value="([^"]+)"', html)) <= {token_of}

    # A turn played: the new version's cities show it, on every phone; nothing of the first is reused.
    for name, card in (("Ana", "Altar"), ("Bruno", "Theater"), ("Chloé", "Baths")):
        client.post(f"/api/v1/games/{code}/actions", json={"player": name, "action": "sell", "card": card})
    after = [board(p, code) for p in (ana, bruno, chloe)]
    assert len({cities(html) for html in after}) == 1
    assert 'data-coins="6"' in cities(after[0]) and 'data-coins="6"' not in cities(seen[0])
    assert shared_renders(code, 4)


def test_a_phone_in_another_language_gets_its_own_render(app, client):
    code = open_table(client, SEVEN)
    token = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    join = f"/g/{code}?t={token}"
    english, french = phone_at(app, join, "Ana", "en"), phone_at(app, join, "Bruno", "fr")
    in_english, in_french = board(english, code), board(french, code)
    assert "Side A" in cities(in_english) and "Side A" not in cities(in_french)
    assert "Face A" in cities(in_french)


def shown_once(monkeypatch) -> list:
    """Every move put in words (table_view._said), counted."""
    said = []
    real = table_view._said

    def counting(table, entry, hidden=False):
        said.append((entry.get("card"), hidden))
        return real(table, entry, hidden)
    monkeypatch.setattr(table_view, "_said", counting)
    return said


def test_a_move_kept_hidden_renders_no_city_again_nor_says_a_move_twice(app, client, monkeypatch):
    """A move chosen at once stays hidden until its turn resolves: the cities show nothing new, so they
    are not rendered again; a move is put in words once a language and way (hidden or shown), however
    many boards show it."""
    code = open_table(client, SEVEN)
    token = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    join = f"/g/{code}?t={token}"
    ana, bruno = phone_at(app, join, "Ana"), phone_at(app, join, "Bruno")
    first = board(bruno, code)
    kept = {k for k, _, _ in parts(code)}
    said = shown_once(monkeypatch)
    client.post(f"/api/v1/games/{code}/actions", json={"player": "Ana", "action": "sell", "card": "Altar"})
    second = board(bruno, code)
    assert 'data-version="2"' in second and cities(second) == cities(first)
    # The log is new; the cities are not, nor Bruno's price form: it still offers the Altar, face down on
    # the table (a card leaving his list would have told him what Ana chose).
    assert sorted(part for k, _, part in parts(code) if k not in kept) == [("en", "log")]
    assert 'value="altar"' in second
    assert said == [("Altar", True)]                  # Ana's move, hidden; then said once for both phones
    board(ana, code)
    assert said == [("Altar", True), ("Altar", False)]   # her own, and her undo's offer says it openly
    board(ana, code)
    board(bruno, code)
    assert len(said) == 2
    # The turn resolves: every city changes, and is rendered anew; the log says the three moves openly.
    for name, card in (("Bruno", "Theater"), ("Chloé", "Baths")):
        client.post(f"/api/v1/games/{code}/actions", json={"player": name, "action": "sell", "card": card})
    resolved = board(bruno, code)
    assert 'data-coins="6"' in cities(resolved)
    assert ("en", "cities") in [part for k, _, part in parts(code) if k not in kept]


def test_a_part_keeps_only_its_latest_render(app, client):
    """Issue 29: a version's log, once passed, is never shown again; kept beside the new one, every
    version's took room until the least recently used went, live ones among them at 1,000 tables."""
    code = open_table(client, SEVEN)
    token = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    bruno = phone_at(app, f"/g/{code}?t={token}", "Bruno")
    board(bruno, code)
    for name, card in (("Ana", "Altar"), ("Bruno", "Theater"), ("Chloé", "Baths"), ("Ana", "Stockade")):
        client.post(f"/api/v1/games/{code}/actions", json={"player": name, "action": "sell", "card": card})
        assert 'data-version="' in board(bruno, code)
    kept = [part for _, _, part in parts(code)]
    assert ("en", "log") in kept and len(kept) == len(set(kept))
    assert [stamp for _, stamp, part in parts(code) if part == ("en", "log")] == [5]


def test_a_moves_words_are_said_once_from_its_undo_to_its_turns_end(app, client, monkeypatch):
    """Issue 29 (helper 94): a move kept hidden is said in its own words once, for its mover's undo; the
    log shows those words when its turn resolves, two versions or more later, and they were said again
    (each turn's moves but the last: a logged move said half again as often as needed)."""
    import json
    from html import unescape as html_unescape

    code = open_table(client, SEVEN)
    token = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    join = f"/g/{code}?t={token}"
    phones = {n: phone_at(app, join, n) for n in ("Ana", "Bruno", "Chloé")}
    said = []
    say = table_view._said
    monkeypatch.setattr(table_view, "_said", lambda table, entry, hidden=False: said.append(hidden) or say(
        table, entry, hidden))
    for i, name in enumerate(phones):        # one turn: each sells a card of its list, every board asked after
        html = board(phones[name], code)
        card = re.findall(r'<option value="([a-z-]+)">', html.split('name="card"')[1])[i]
        priced = phones[name].get(f"/g/{code}/price?player={name}&action=sell&card={card}",
                                  headers={"HX-Request": "true"}).get_data(as_text=True)
        form = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', priced).group(1),
                "version": re.search(r'name="version" value="(\d+)"', priced).group(1),
                "doc": html_unescape(re.search(r"name=\"doc\" value='([^']+)'", priced).group(1))}
        assert json.loads(form["doc"])["player"] == name
        assert phones[name].post(f"/g/{code}/act", data=form, headers={"HX-Request": "true"}).status_code == 200
        for phone in phones.values():
            board(phone, code)
    assert said.count(False) == 3 and said.count(True) == 2
    assert all(name in board(phones["Ana"], code) for name in ("Ana", "Bruno", "Chloé"))


def test_a_seats_chip_is_marked_as_the_template_marked_it():
    """table_view.seat_chips marks the chips of the phone's seat in the table's one render of them, as the
    template marked each seat's own render: by its address, the name as urlencode wrote it."""
    chips = ('<a class="chip" href="?as=Ana">I am Ana</a><a class="chip" href="?as=Chlo%C3%A9%20%26%20co">I am Chloé'
             ' &amp; co</a>\n      <a class="chip" href="?as=all">One phone for all</a>')
    assert table_view.seat_chips(chips, "Chloé & co").count('class="chip on"') == 1
    assert '<a class="chip on" href="?as=Chlo%C3%A9%20%26%20co">' in table_view.seat_chips(chips, "Chloé & co")
    assert '<a class="chip on" href="?as=all">' in table_view.seat_chips(chips, "all")
    assert table_view.seat_chips(chips, "Bruno") == chips              # a seat no longer at the table: none
