// ± beside a number that may be negative (templates/_sign.html): a phone's numeric keypad (an iPhone's)
// has no minus key. The tap flips the field's sign in the page, the digits kept ("3" -> "-3" -> "3");
// a blank field (or one at 0) gets its "-", for the digits to follow; either way the keys go back to
// the field. A field the page saves by itself (the score sheet's, hx-trigger="save") is saved as if
// typed. Without JavaScript the button posts the form and the server flips the field it names (the
// page comes back with that field focused: templates/_sign.html's refocus).
(function () {
  if (window.companionSign) return;     // once, whatever htmx swaps in
  window.companionSign = true;

  function flipped(text) {
    text = text.trim();
    if (/^[+\-\u2212\u2013]?0*$/.test(text) && text !== '-') return '-';     // blank or 0: the minus, digits to come
    if ('-\u2212\u2013'.indexOf(text[0]) >= 0) return text.slice(1).trim();     // any minus typed (inputs.py)
    return '-' + text.replace(/^\+/, '');
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-sign-for]');
    if (!button) return;
    var field = document.getElementById(button.getAttribute('data-sign-for'));
    if (!field) return;
    event.preventDefault();
    var before = field.value;
    field.value = flipped(field.value);
    alone = field.value === '-' ? {field: field, before: before} : null;
    field.dispatchEvent(new Event('input', {bubbles: true}));
    if (field.value !== '-' && field.hasAttribute('hx-trigger')) {
      field.dataset.sent = field.value;
      field.dispatchEvent(new CustomEvent('save'));
    }
    // The keys go back to the number, the caret after its digits (not all selected, which the next
    // key would replace): the digits may be still to come ('-'), and Enter then does what it does in
    // the field (the next field, or the form sent) where left on the ± it flipped the sign back.
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  });

  // A '-' left alone (the ± tapped, no digit typed after it) is no number: Enter saved it and the sheet
  // refused it ('« - » is not a whole number'), the city page refused it when scored. The field gets
  // back what it held before the tap when Enter is pressed in it (before keys.js sends or moves on)
  // or the keys leave it.
  var alone = null;
  function settle(field) {
    if (!alone || alone.field !== field) return;
    if (field.value.trim() === '-') field.value = alone.before;
    alone = null;
  }
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Enter') settle(event.target);
  }, true);
  document.addEventListener('focusout', function (event) {
    var to = event.relatedTarget;           // to its own ± (tapped again: '-' becomes blank there)
    if (to && to.getAttribute && to.getAttribute('data-sign-for') === event.target.id) return;
    settle(event.target);
  });
})();
