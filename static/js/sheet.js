// Keys on a score sheet, as on a paper pad: Enter (a phone's "Go"/"Next")
// saves the field and moves to the next player's field; after the last one it
// moves to "Next: ..." so a second Enter goes on to the next section. Enter
// never presses a + or − (those are buttons, and the form's first button is
// "Save" in any case).
(function () {
  function fields(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll('input[data-field], select[data-field]'),
      function (el) { return !el.disabled && el.offsetParent !== null; });
  }
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || event.isComposing) return;
    var field = event.target;
    if (!field.matches || !field.matches('input[data-field]')) return;
    var form = field.form;
    if (!form || !form.hasAttribute('data-enter-next')) return;
    event.preventDefault();
    var all = fields(form);
    var next = all[all.indexOf(field) + 1];
    if (next) {
      next.focus();
      if (next.select) next.select();
    } else {
      field.blur();                       // "change" fires: the value is saved
      var last = form.querySelector('[data-enter-last]');
      if (last) last.focus();
    }
  });
  // The section being entered stays in view in the row of sections.
  function showSection() {
    var on = document.querySelector('.sections .section-tab.on');
    if (!on) return;
    var row = on.parentElement;          // sideways only: never moves the page up or down
    row.scrollLeft = on.offsetLeft - row.offsetLeft - (row.clientWidth - on.offsetWidth) / 2;
  }
  document.addEventListener('DOMContentLoaded', showSection);
  document.addEventListener('htmx:load', showSection);
  // A field that gets focus selects what it holds, so typing replaces it.
  document.addEventListener('focusin', function (event) {
    var field = event.target;
    if (field.matches && field.matches('form[data-enter-next] input[data-field]') && field.select) field.select();
  });
})();
