// The language menu keeps what the address holds now: a calculator or a search puts what is typed in
// the address as the player types (htmx's hx-replace-url), after the page and its menu were drawn.
// Each language's link is made again from the address when the menu opens or a link is pressed; the
// server drew the same without JavaScript. A table's key (t) is never carried.
(function () {
  function refresh(menu) {
    menu.querySelectorAll('a[hreflang]').forEach(function (link) {
      var params = new URLSearchParams(window.location.search);
      params.delete('lang'); params.delete('t');
      params.append('lang', link.getAttribute('hreflang'));
      link.setAttribute('href', window.location.pathname + '?' + params.toString());
    });
  }
  document.addEventListener('toggle', function (event) {
    if (event.target.matches && event.target.matches('details.langs') && event.target.open) refresh(event.target);
  }, true);
  document.addEventListener('pointerdown', function (event) {
    var menu = event.target.closest && event.target.closest('details.langs');
    if (menu) refresh(menu);
  }, true);
})();
