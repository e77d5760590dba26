"""A file is picked through a button in the page's language (the photo reader's upload, the history's
import), never the browser's own "Choose File" / "No file chosen": the native input lies unseen over
that button, reached by Tab and named by its label, and the name chosen is shown."""
import pytest
from playwright.sync_api import expect

from .sheet_page import tr

# The browser's own words on a file input that is drawn: what a player would read in English.
NATIVE_SHOWN = """el => { const s = getComputedStyle(el); return s.opacity !== '0' && s.visibility !== 'hidden'
                                                            && s.display !== 'none'; }"""


@pytest.mark.parametrize("lang", ["fr", "pt", "de"])
@pytest.mark.parametrize("path,label,button,file", [
    ("/scan/", "Photo of the pad (up to %(mb)s MB)", "Take or choose a photo", "pad.jpg"),
    ("/history/", "Import a JSON export", "Choose a file", "export.json")])
def test_a_file_is_picked_by_a_button_in_the_pages_language(phone, live_server, lang, path, label, button, file):
    phone.goto(f"{live_server}{path}?lang={lang}")
    pick = phone.locator("input[type=file]")
    assert not pick.evaluate(NATIVE_SHOWN), "the browser's own English control is drawn"
    shown = phone.locator(".file-button")
    expect(shown).to_have_text(tr(lang, button))
    box, native = shown.bounding_box(), pick.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= 390
    # The input covers the button inside its border: a tap on the button lands on it.
    assert native["width"] >= 44 and native["height"] >= 44
    assert abs(native["x"] - box["x"]) <= 2 and abs(native["width"] - box["width"]) <= 4
    assert abs(native["y"] - box["y"]) <= 2 and abs(native["height"] - box["height"]) <= 4
    # Reached by keyboard, and named by its label for a screen reader.
    words = tr(lang, label).split("(")[0].strip()
    expect(phone.get_by_label(words)).to_have_count(1)
    pick.focus()
    expect(pick).to_be_focused()
    assert shown.evaluate("b => getComputedStyle(b).outlineStyle") != "none"      # the focus is seen
    pick.set_input_files(files=[{"name": file, "mimeType": "application/octet-stream", "buffer": b"x"}])
    expect(phone.locator("[data-file-name]")).to_have_text(file)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_without_javascript_a_photo_chosen_is_ticked(browser, live_server):
    """The native control (which said the file's name) is unseen: without JavaScript the button is ticked."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/scan/?lang=de")
    after = "() => getComputedStyle(document.querySelector('.file-button'), '::after').content"
    assert page.evaluate(after) in ("none", "normal")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "pad.jpg", "mimeType": "image/jpeg", "buffer": b"x"}])
    assert "✓" in page.evaluate(after)
    context.close()
