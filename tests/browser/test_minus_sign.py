"""A negative number reads with one sign everywhere a player sees it: the military tokens printed "−1"
(U+2212) while the final scores of the same game said "-6" (an ASCII hyphen). The final scores, the
score sheet's whole-sheet table and chart and a refusal's numbers now write the true minus sign, through one helper
(engine/messages.py `minus`); what a player types may still be "-", "−" or "–"; the API's JSON
numbers stay numbers."""
import re

from playwright.sync_api import expect

from companion.engine.messages import M, minus, render
from companion.web.inputs import flip_sign, whole_number

from .test_every_phone_gets_in import FIVE, fits, new_phone, play_recorded_game

HYPHENED = re.compile(r"-\d")         # a number written with the ASCII hyphen


def test_the_final_scores_and_the_sheets_chart_write_the_minus_sign(live_server, browser, shoot):
    lang = "fr"
    first, host = new_phone(browser, lang)
    host.goto(f"{live_server}/group/?lang={lang}")
    doc = host.context.request.post(f"{live_server}/api/v1/games", data={
        "game": "7wonders", "edition": 1, "players": [{"name": n, "wonder": w, "side": s} for n, w, s in FIVE]}).json()
    play_recorded_game(host.context.request, live_server, doc["code"], doc["token"])
    score = host.context.request.get(f"{live_server}/api/v1/games/{doc['code']}",
                                     headers={"Authorization": f"Bearer {doc['token']}"}).json()["score"]["players"]
    negatives = [p["scores"]["military"] for p in score if p["scores"]["military"] < 0]
    assert negatives and all(type(n) is int for n in negatives)       # the API's numbers stay numbers
    host.goto(f"{live_server}/g/{doc['code']}?as=all")
    final = host.locator("[data-final-scores]")
    expect(final).to_be_visible()
    military = final.locator("tr[data-row='military'] td").all_inner_texts()
    assert military == [minus(p["scores"]["military"]) for p in score]
    assert any(t.startswith("\u2212") for t in military), military
    assert not HYPHENED.search(final.inner_text()), final.inner_text()
    fits(host)
    shoot(host, f"final-scores-minus-{lang}")

    host.locator("form[action$='/sheet'] button[type=submit]").first.click()       # the group's sheet
    host.wait_for_url(re.compile(r".*/sheets/[\w-]+"))
    chart = host.locator("svg.chart")
    expect(chart).to_be_visible()
    seat = next(i for i, p in enumerate(score) if p["scores"]["military"] < 0)
    expect(host.locator(f"td[data-cell='v-{seat}-military']")).to_have_text(minus(score[seat]["scores"]["military"]))
    titles = chart.locator("title").all_text_contents()
    assert any("\u2212" in t for t in titles), titles
    assert not any(HYPHENED.search(t) for t in titles), titles
    fits(host)
    shoot(host, f"sheet-chart-minus-{lang}")
    first.close()


def test_an_engine_sentence_writes_its_negative_numbers_with_the_minus_sign():
    said = render(M("coins", num=-3))
    assert "\u22123" in said and "-3" not in said, said


def test_every_minus_a_player_types_is_a_minus():
    for typed in ("-6", "\u22126", "\u20136", " \u20136 "):
        assert whole_number(typed, signed=True) == -6, typed
    assert [flip_sign(t) for t in ("\u20133", "\u22123", "-3", "3")] == ["3", "3", "3", "-3"]
