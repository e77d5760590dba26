"""A Duel with Pantheon and Agora read in Portuguese: a box's thing no source names in Portuguese (the
Agora's Corruption) is shown by its English name, marked *, and the board says once what * means.
Shown bare, "Corruption" read as Portuguese among "Agricultura, Arquitetura" (walked at 390x844), and
"Aphrodite trasă", "Bruno escolheu Curia Julia." in the moves offered and the log."""
from playwright.sync_api import expect

from .test_box_table_journey import set_up
from .test_table_journeys import join_as, phone

NOTE = {"pt": "* Nome em inglês: nenhum conhecido neste idioma"}


def test_a_box_token_without_a_portuguese_name_is_marked_english(live_server, browser):
    code = set_up(live_server)
    (c1, ana), (c2, bruno) = phone(browser, "pt"), phone(browser, "en")
    join_as(ana, live_server, code, "Ana", {"who": "Quem é você?"})
    join_as(bruno, live_server, code, "Bruno", {"who": "Who are you?"})
    offered = ana.locator("[data-conflict]")
    for _ in range(30):          # the set-up entered on Ana's phone until Corruption is laid out
        if "Corruption" in offered.inner_text():
            break
        ana.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
        moves = ana.locator("#board > div.moves:not(#slot-moves) button, #reveal [data-reveal]")
        wanted = moves.filter(has_text="Corruption")
        version = ana.locator("#board").get_attribute("data-version")
        (wanted if wanted.count() else moves).first.click()
        expect(ana.locator("#board")).not_to_have_attribute("data-version", version)
    expect(offered).to_contain_text("Corruption *")
    version = ana.locator("#board").get_attribute("data-version")
    ana.locator("#board > div.moves button", has_text="Agricultura").click()     # named in Portuguese
    expect(ana.locator("#board")).not_to_have_attribute("data-version", version)
    expect(offered).to_contain_text("Corruption *, Agricultura")                 # unmarked, and marked
    expect(ana.locator("[data-english-names]")).to_have_text(NOTE["pt"])
    # The engine's sentences name it so too: the log's line, the set-up's button.
    expect(ana.locator("details.log li", has_text="Corruption")).to_have_text("Corruption * está no tabuleiro.")
    # In English nothing is marked, and nothing is said.
    expect(bruno.locator("#board")).to_have_attribute("data-version", ana.locator("#board").get_attribute("data-version"))
    expect(bruno.locator("[data-conflict]")).to_contain_text("Corruption")
    assert "*" not in bruno.locator("[data-conflict]").inner_text()
    expect(bruno.locator("[data-english-names]")).to_have_count(0)
    expect(bruno.locator("details.log li", has_text="Corruption")).to_have_text("Corruption is on the board.")
    for context in (c1, c2):
        context.close()
