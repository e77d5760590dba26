// The tracked game's card search: as letters are typed, only the cards whose
// name holds them stay (no case, no accents: "ecole" finds "École"); Enter
// with one card left enters it. Without JS the same form asks the server.
(function () {
  if (window.companionTable) return;     // once, whatever htmx swaps in
  window.companionTable = true;

  function fold(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }

  function visible(list) {
    return Array.prototype.filter.call(list.querySelectorAll('form[data-name]'),
      function (form) { return !form.hidden; });
  }

  function filter(input) {
    var list = document.querySelector(input.dataset.cardFilter);
    if (!list) return;
    var wanted = fold(input.value.trim());
    list.querySelectorAll('form[data-name]').forEach(function (form) {
      form.hidden = fold(form.dataset.name).indexOf(wanted) < 0;
    });
  }

  document.addEventListener('input', function (event) {
    var input = event.target;
    if (input.matches && input.matches('input[data-card-filter]')) filter(input);
  });

  document.addEventListener('submit', function (event) {
    var input = event.target.querySelector && event.target.querySelector('input[data-card-filter]');
    if (!input) return;
    event.preventDefault();
    filter(input);
    var list = document.querySelector(input.dataset.cardFilter);
    var left = list ? visible(list) : [];
    if (left.length === 1) left[0].querySelector('button').click();
  });

  // The pushed changes' stream: its state on its element (data-live="open", or
  // "lost" while the browser reconnects), for the page's look and for tests.
  document.addEventListener('htmx:sseOpen', function (event) {
    event.target.dataset.live = 'open';
  });
  document.addEventListener('htmx:sseError', function (event) {
    event.target.dataset.live = 'lost';
  });

  // Another phone's move refreshes the board: letters being typed in the card
  // search for the same slot are kept (they were lost), and the focus with them.
  var typing = null;
  document.addEventListener('htmx:beforeSwap', function (event) {
    var input = document.querySelector('#reveal input[data-card-filter]');
    typing = null;
    if (input && input.value && event.detail.target && event.detail.target.id === 'board') {
      typing = {slot: document.getElementById('reveal').dataset.revealSlot, value: input.value,
                focused: document.activeElement === input};
    }
  });
  document.addEventListener('htmx:afterSettle', function () {
    if (!typing) return;
    var reveal = document.getElementById('reveal');
    var input = reveal && reveal.querySelector('input[data-card-filter]');
    if (input && reveal.dataset.revealSlot === typing.slot && !input.value) {
      input.value = typing.value;
      filter(input);
      if (typing.focused) input.focus();
    }
    typing = null;
  });
})();
