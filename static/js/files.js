// A file picked through the page's own button (templates/_file_pick.html): its name shown under it,
// as the browser's own control would (and in no language of its own).
(function () {
  document.addEventListener('change', function (event) {
    var input = event.target;
    if (!input.matches || !input.matches('.file-pick input[type=file]')) return;
    var shown = input.closest('.file-pick').querySelector('[data-file-name]');
    if (!shown) return;
    var names = Array.prototype.map.call(input.files || [], function (f) { return f.name; });
    shown.textContent = names.join(', ');
    shown.hidden = names.length === 0;
  });
})();
