// A request that never reached the server (the phone's network lost mid-game) said nothing: a tap
// on "See the price" or a move seemed to do nothing, and htmx drops such a failure silently. It is
// said in the page's refusal line (base.html, sticky at the top of the screen), in the page's
// language, and taken away by the next answer that arrives (or the table's stream opening again). An answer the server gave (a refusal)
// is its own line: only this one is cleared here.
(function () {
  if (window.companionNetwork) return;     // once, whatever htmx swaps in
  window.companionNetwork = true;

  function line() { return document.getElementById('refusal'); }

  // The phone online but no answer (the server restarting, a walk found): "No network ... once this
  // phone is back online" blamed a phone that was online; the server's absence is said instead.
  function lost() {
    var el = line(), words = document.querySelector('main[data-offline-line]');
    if (!el || !words) return;
    var away = navigator.onLine !== false && words.dataset.unreachableLine;
    el.textContent = away || words.dataset.offlineLine;
    el.dataset.network = 'lost';
    // A table's "Reconnecting…" sticks at the top too, and this line covered it: said below this one
    // while both hold (static/css/app.css).
    el.dataset.reconnecting = words.dataset.reconnectingLine || '';
  }

  function found() {
    var el = line();
    if (!el || el.dataset.network !== 'lost') return;
    el.textContent = '';
    delete el.dataset.network;
  }

  document.addEventListener('htmx:sendError', lost);
  document.addEventListener('htmx:timeout', lost);
  document.addEventListener('htmx:afterRequest', function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status) found();                  // status 0: not sent
  });
  // A table's stream open again is the server answering: the line went only with the player's next
  // tap, so a phone back on the last board still said it had no network (walked across a restart).
  document.addEventListener('htmx:sseOpen', found);
})();
