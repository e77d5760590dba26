// Keys in the app's forms, as on a paper pad (the score sheet, the new-sheet form). Enter (a phone's "Go"/"Next")
// saves the field and moves to the next player's field; after the last one it
// rests on "Next: ..." so a second Enter goes on to the next section. Enter
// never presses a + or − (the form's first button is a plain "Save" anyway).
//
// A field is saved by a "save" event (hx-trigger="save"), sent once a value:
// on change, or on Enter when the field differs from the value last seen
// (after "another phone changed this", Enter on the same number keeps yours).
(function () {
  if (window.companionKeys) return;     // once, whatever htmx swaps in
  window.companionKeys = true;
  var FIELD = 'form[data-enter-next] input[data-field]';

  function fields(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll('input[data-field], select[data-field]'),
      function (el) { return !el.disabled && el.offsetParent !== null; });
  }

  function save(field) {
    field.dataset.sent = field.value;
    field.dispatchEvent(new CustomEvent('save'));
  }

  document.addEventListener('change', function (event) {
    var field = event.target;
    if (field.matches && field.matches(FIELD) && field.dataset.sent !== field.value) save(field);
  });

  document.addEventListener('input', function (event) {
    if (event.target.matches && event.target.matches(FIELD)) delete event.target.dataset.sent;
  });

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || event.isComposing) return;
    var field = event.target;
    // A live search field searches as it is typed in: Enter only closes the keyboard.
    if (field.matches && field.matches('form[data-enter-next] input[type=search]')) {
      event.preventDefault();
      field.blur();
      return;
    }
    if (!field.matches || !field.matches(FIELD)) return;
    if (field.hasAttribute('hx-trigger') && !window.htmx) return;   // no htmx: the form's own Save
    event.preventDefault();
    var was = field.form.querySelector('input[name="was-' + field.name + '"]');
    if (field.hasAttribute('hx-trigger') && was && field.value.trim() !== was.value.trim()) save(field);
    var all = fields(field.form);
    var next = all[all.indexOf(field) + 1];
    if (next) {
      next.focus();
    } else if (field.hasAttribute('hx-trigger')) {
      field.blur();
      var last = field.form.querySelector('[data-enter-last]');
      if (last) last.focus();
    } else {
      field.form.requestSubmit(field.form.querySelector('[data-enter-last]') || undefined);
    }
  });

  // A field that gets focus selects what it holds, so typing replaces it.
  document.addEventListener('focusin', function (event) {
    var field = event.target;
    if (field.matches && field.matches(FIELD) && field.select) field.select();
  });

  // The section being entered stays in view in the row of sections.
  function showSection() {
    var on = document.querySelector('.sections .section-tab.on');
    if (!on) return;
    var row = on.parentElement;          // sideways only: never moves the page up or down
    row.scrollLeft = on.offsetLeft - row.offsetLeft - (row.clientWidth - on.offsetWidth) / 2;
  }
  document.addEventListener('DOMContentLoaded', showSection);

  // Arriving at a section (a page load, or a boosted swap), its first field
  // takes the keys, unless the player has tapped or typed since it arrived:
  // htmx's own [autofocus] moves the focus after the swap settles, under the
  // fingers of a player already typing in another field, and the number went
  // to another player (found in a browser test typing at once).
  var touched = false;
  function touch() { touched = true; }
  document.addEventListener('pointerdown', touch, true);
  document.addEventListener('keydown', touch, true);
  document.addEventListener('focusin', touch, true);
  function takeKeys() {
    var first = document.querySelector('[data-autofocus]');
    if (!first) return;
    first.removeAttribute('data-autofocus');     // once: a later save must not pull the focus back
    var free = !document.activeElement || document.activeElement === document.body;
    if (free && !touched) first.focus();
  }
  document.addEventListener('DOMContentLoaded', takeKeys);
  document.addEventListener('htmx:afterSwap', function (event) {
    if (event.detail.target === document.body) touched = false;    // a new page arrived (boosted)
  });
  document.addEventListener('htmx:afterSettle', takeKeys);

  // A sheet's refused number: its words come in the cell's meta span, the field itself left as typed (it
  // is not replaced while the player types). Enter had often moved on to the next player: the refused
  // cell was not marked (aria-invalid, aria-describedby) as a refusal shown with its field is. Each
  // meta span marks its field, or clears the mark once the number is taken.
  function markRefused() {
    document.querySelectorAll('span[id^="meta-"]').forEach(function (meta) {
      var name = meta.id.slice(5);
      var field = document.getElementById(name);
      if (!field) return;
      var error = document.getElementById(name + '-error');
      if (error) {
        field.setAttribute('aria-invalid', 'true');
        field.setAttribute('aria-describedby', error.id);
      } else if (field.getAttribute('aria-describedby') === name + '-error') {
        field.removeAttribute('aria-invalid');
        field.removeAttribute('aria-describedby');
      }
    });
  }
  document.addEventListener('htmx:afterSettle', markRefused);
  document.addEventListener('htmx:load', showSection);
})();
