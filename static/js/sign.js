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
    if (/^[+\-\u2212]?0*$/.test(text) && text !== '-') return '-';     // blank or 0: the minus, digits to come
    if (text[0] === '-' || text[0] === '\u2212') return text.slice(1).trim();
    return '-' + text.replace(/^\+/, '');
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-sign-for]');
    if (!button) return;
    var field = document.getElementById(button.getAttribute('data-sign-for'));
    if (!field) return;
    event.preventDefault();
    field.value = flipped(field.value);
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
})();
