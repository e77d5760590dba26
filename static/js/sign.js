// ± beside a number that may be negative (templates/_sign.html): a phone's numeric keypad (an iPhone's)
// has no minus key. The tap flips the field's sign in the page, the digits kept ("3" -> "-3" -> "3");
// a blank field (or one at 0) gets its "-" and the keys, for the digits to follow. A field the page saves by itself
// (the score sheet's, hx-trigger="save") is saved as if typed. Without JavaScript the button posts the
// form and the server flips the field it names.
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
    if (field.value === '-') {            // the digits are still to come: the keys go to the field
      field.focus();
      field.setSelectionRange(1, 1);
    } else if (field.hasAttribute('hx-trigger')) {
      field.dataset.sent = field.value;
      field.dispatchEvent(new CustomEvent('save'));
    }
  });
})();
