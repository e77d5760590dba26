// A button marked data-copy="<selector>" copies that field's text: through the clipboard API where the
// page may use it, else by selecting the field and asking the browser to copy; the status beside the
// button then says "Copied" (its data-copied-text, in the reader's language). Without JavaScript the
// button stays hidden and the field is there to copy by hand.
document.querySelectorAll("[data-copy-row]").forEach(function (row) { row.hidden = false; });
if (!window.copyButtonsBound) {   // bound once, though a boosted navigation may run this file again
  window.copyButtonsBound = true;
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var field = document.querySelector(button.dataset.copy);
    var status = button.parentElement.querySelector("[data-copied-text]");
    if (!field) return;
    function copied() { if (status) status.textContent = status.dataset.copiedText; }
    function bySelecting() {
      field.focus();
      field.select();
      field.setSelectionRange(0, field.value.length);   // iOS selects nothing with select() alone
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      if (done) copied();   // else the field stays selected, for the phone's own Copy
    }
    if (status) status.textContent = "";
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(copied, bySelecting);
    } else {
      bySelecting();
    }
  });
}
