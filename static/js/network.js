// A request that never reached the server (the phone's network lost mid-game) said nothing: a tap
// on "See the price" or a move seemed to do nothing, and htmx drops such a failure silently. It is
// said in the page's refusal line (base.html, sticky at the top of the screen), in the page's
// language, and taken away by the next answer that arrives. An answer the server gave (a refusal)
// is its own line: only this one is cleared here.
(function () {
  if (window.companionNetwork) return;     // once, whatever htmx swaps in
  window.companionNetwork = true;

  function line() { return document.getElementById('refusal'); }

  function lost() {
    var el = line(), words = document.querySelector('main[data-offline-line]');
    if (!el || !words) return;
    el.textContent = words.dataset.offlineLine;
    el.dataset.network = 'lost';
  }

  document.addEventListener('htmx:sendError', lost);
  document.addEventListener('htmx:timeout', lost);
  document.addEventListener('htmx:afterRequest', function (event) {
    var xhr = event.detail && event.detail.xhr, el = line();
    if (!xhr || !xhr.status || !el || el.dataset.network !== 'lost') return;    // status 0: not sent
    el.textContent = '';
    delete el.dataset.network;
  });
})();
