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
})();
