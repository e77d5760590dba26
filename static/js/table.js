// The tracked game's card search: as letters are typed, only the cards whose
// name holds them stay (no case, no accents: "ecole" finds "École"); Enter
// with one card left enters it. Without JS the same form asks the server.
(function () {
  if (window.companionTable) return;     // once, whatever htmx swaps in
  window.companionTable = true;
  // The list filters as letters are typed: the no-JS "Search" button goes, and
  // the field gets the row (its hint was cut off beside the button at 390 px).
  document.documentElement.classList.add('live-card-filter');
  // A pick's price is asked by its menus' change (htmx): the no-JS "See the price" button goes, from
  // view and from the Tab order (it was an extra stop between the card and the priced move).
  if (window.htmx) document.documentElement.classList.add('live-price');

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
    event.target.companionClosings = 0;
    if (event.target.companionReopened) {      // opened again here: its board listens to it (reopen, below)
      event.target.companionReopened = false;
      event.target.querySelectorAll('[hx-trigger], [data-hx-trigger], [sse-swap], [data-sse-swap]').forEach(
        function (element) { htmx.trigger(element, 'htmx:afterProcessNode'); });
    }
    var source = event.detail && event.detail.source;     // every "changed" heard, whatever the board is doing
    if (source && !source.companionHeard) {
      source.companionHeard = true;
      source.addEventListener('board', function (message) { pushed(message.data); });
      source.addEventListener('changed', function (message) { heard(message.data); });
    }
  });
  // A stream the server answered with an error status (a worker refusing it, a restart behind a proxy
  // that answers 502) is closed by the browser for good, and htmx's SSE extension opens another after
  // 0.5, 1, 2, 4, 8 s... (issue 29: a phone came back seconds after its server did). Such a stream is
  // opened again one second after it closed, each time, for its first QUICK closings in a row; past
  // them (a table gone, a phone refused for good) the extension's own back-off takes over.
  var QUICK = 10, REOPEN_MS = 1000, shown = null;
  if (window.htmx && htmx.createEventSource && !htmx.createEventSource.companionReopens) {
    var make = htmx.createEventSource;
    var stateOf = Object.getOwnPropertyDescriptor(EventSource.prototype, 'readyState').get;
    htmx.createEventSource = function (url) {
      if (shown !== null) {         // opened again here: the version the board shows, as Last-Event-ID says it
        url += (url.indexOf('?') < 0 ? '?' : '&') + 'last=' + shown;
        shown = null;
      }
      var source = make(url), theirs = null, hiding = false;
      // The extension's error handler, called from here: told "reconnecting" for a closing reopened
      // here, it says the error (the page shows it) and waits for nothing of its own.
      Object.defineProperty(source, 'onerror', {get: function () { return theirs; },
                                                set: function (handler) { theirs = handler; }});
      Object.defineProperty(source, 'readyState', {get: function () {
        return hiding ? EventSource.CONNECTING : stateOf.call(source); }});
      source.addEventListener('error', function (event) {
        var element = stateOf.call(source) === EventSource.CLOSED ? streamOf(source) : null;
        hiding = !!element && (element.companionClosings || 0) < QUICK;
        if (hiding) {
          element.companionClosings = (element.companionClosings || 0) + 1;
          setTimeout(function () { reopen(element, source); }, REOPEN_MS);
        }
        try { if (theirs) theirs.call(source, event); } finally { hiding = false; }
      });
      return source;
    };
    htmx.createEventSource.companionReopens = true;
  }
  function streamOf(source) {
    return Array.prototype.find.call(document.querySelectorAll('[sse-connect]'), function (element) {
      var data = element['htmx-internal-data'];
      return data && data.sseEventSource === source;
    });
  }
  function reopen(element, source) {
    var data = element['htmx-internal-data'];
    if (!document.body.contains(element) || !data || data.sseEventSource !== source) return;   // gone, or open
    element.companionReopened = true;
    // A new EventSource sends no Last-Event-ID: the version the board shows goes in its address, so a
    // stream of a game moved on meanwhile brings the board first (the board asked for it after).
    var board = document.getElementById('board');
    shown = board && /^\d+$/.test(board.dataset.version || '') ? board.dataset.version : null;
    htmx.trigger(element, 'htmx:afterProcessNode');    // the extension opens it as for an element new to it
    shown = null;
  }

  // A stream lost says so on the table ("Reconnecting…", the page's language, static/css/app.css): a
  // phone showing a board that no longer moves must not look like a table where nobody plays.
  function lost(element) {
    var words = document.querySelector('main[data-reconnecting-line]');
    if (words) element.dataset.lostLine = words.dataset.reconnectingLine;
    element.dataset.live = 'lost';
  }
  document.addEventListener('htmx:sseError', function (event) { lost(event.target); });
  // The phone's network gone: its stream may stay open in the browser's eyes, hearing nothing.
  window.addEventListener('offline', function () {
    document.querySelectorAll('[data-live]').forEach(lost);
  });

  // Every change announced reaches the board, from the stream alone (the page asks
  // nothing on a timer). The board's own "sse:changed" trigger misses some:
  // htmx drops a second request from an element while its first is out (a change
  // announced while the board was asking for the one before stayed a move
  // behind; found by a test posting three moves at once), an answer of 204 to a
  // request sent before the change swaps nothing, and a "changed" arriving while
  // the board is being swapped (outerHTML) or before its trigger is registered
  // (the stream's first event, on connecting or reconnecting) finds no
  // listener. So every "changed" is also noted here, on the stream itself, and
  // the board asks again whenever it shows less than the newest one heard: at
  // once, after each of its requests, and after each swap.
  //
  // A try that never reached the server (htmx:sendError: the network lost) is not counted: offline,
  // the five tries failed within milliseconds and the board stayed behind once the network was back,
  // its stream still open and telling nothing new. No try is made until the network is back (the
  // browser's "online", the stream (re)opened, any answer arriving) or the stream tells a change
  // (a failed try then costs nothing either); then it catches up.
  var announced = 0, asked = {}, unsent = false;
  function heard(data) {
    var version = Number(data);
    if (version > announced) announced = version;
    unsent = false;                    // the stream speaks: try (a try never sent is still not counted)
    setTimeout(catchUp, 0);            // after htmx's own listener has had its turn
  }
  function catchUp() {
    var board = document.getElementById('board');
    if (!board || !window.htmx || unsent || announced <= Number(board.dataset.version)) return;
    if (board.classList.contains('htmx-request')) return;      // its answer's afterRequest looks again
    asked[announced] = (asked[announced] || 0) + 1;
    if (asked[announced] <= 5) htmx.trigger(board, 'sse:changed');    // never a loop (a server in error)
  }
  function back() {
    unsent = false;
    setTimeout(catchUp, 0);
  }
  document.addEventListener('htmx:afterSettle', catchUp);
  document.addEventListener('htmx:sendError', function (event) {
    var board = document.getElementById('board');
    if (!board || event.detail.elt !== board) return;
    unsent = true;
    if (asked[announced]) asked[announced] -= 1;
  });
  document.addEventListener('htmx:afterRequest', function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status) unsent = false;                   // an answer came: the network is there
    setTimeout(catchUp, 0);
  });
  document.addEventListener('htmx:sseOpen', back);
  window.addEventListener('online', function () {
    document.querySelectorAll('[data-live="lost"]').forEach(function (element) {
      var source = element['htmx-internal-data'] && element['htmx-internal-data'].sseEventSource;
      if (!source || source.readyState === 1) element.dataset.live = 'open';
    });
    back();
  });

  // The stream carries each new board (issue 29: a request a phone a move was most of the server's
  // work), rendered for this phone as it would ask with no picks of its own; its "changed" follows,
  // and asks nothing for the version then shown. A board with picks under way (a slot chosen, a
  // price asked, a card name being typed) or with a request out is left as it is: its "changed"
  // asks for the board with those picks, as before.
  function pushed(html) {
    var board = document.getElementById('board');
    var found = /data-version="(\d+)"/.exec(html || '');
    if (!board || !window.htmx || !found || Number(found[1]) <= Number(board.dataset.version)) return;
    if (board.classList.contains('htmx-request') || board.querySelector('.htmx-request')) return;
    if (/[?&]slot=/.test(board.getAttribute('hx-get') || '') || choosing(board)) return;
    // The stream renders with the session it was opened with: a seat or a language chosen since
    // (without a reload) would be undone; such a board asks, as before.
    var seat = /data-seat="([^"]*)"/.exec(html), lang = /data-lang="([^"]*)"/.exec(html);
    if (!seat || seat[1] !== (board.dataset.seat || '') || !lang || lang[1] !== board.dataset.lang) return;
    var typed = document.querySelector('#reveal input[data-card-filter]');
    if (typed && typed.value) return;
    htmx.swap(board, html, {swapStyle: 'outerHTML'});
  }

  // A "changed" asks nothing (issue 29) for the version the board already shows (the
  // stream's first event on (re)connecting), nor while a form of the board has a
  // request out: this phone's own move, announced on the stream before its answer
  // brings the new board (the board asked for it, rendered twice), or a price being
  // asked. That request's afterRequest runs the catch-up above, which asks if the
  // board is still behind.
  document.addEventListener('htmx:confirm', function (event) {
    var board = event.target, cause = event.detail && event.detail.triggeringEvent;
    if (!board || board.id !== 'board' || !cause || cause.type !== 'sse:changed') return;
    if (board.querySelector('form.htmx-request')) { event.preventDefault(); return; }
    var data = cause.detail && cause.detail.data;
    if (data != null && Number(data) <= Number(board.dataset.version)) event.preventDefault();
  });

  // A board never goes back in time: a board request sent just before this phone's own
  // move can come back after it, with the board as it was; swapped in, it
  // showed a slot already entered and offered cards no longer there.
  document.addEventListener('htmx:beforeSwap', function (event) {
    var board = document.getElementById('board');
    var target = event.detail.target;
    if (!board || !target || target.id !== 'board' || !event.detail.shouldSwap) return;
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || '');
    if (found && Number(found[1]) < Number(board.dataset.version)) event.detail.shouldSwap = false;
  });

  // A choice made in the action form before htmx had taken it in hand asked for
  // nothing, and its price never came: on the page before htmx had started (the
  // board is painted before its scripts run), or in a section just swapped in (htmx
  // takes it in hand once the swap settles: a second key press on the card menu
  // showed one card and priced the one before). Once htmx has it, a form whose
  // choices differ from those it was served with asks for them.
  function chosenSince(select) {
    var served = Array.prototype.findIndex.call(select.options, function (o) { return o.defaultSelected; });
    return select.selectedIndex !== (served < 0 ? 0 : served);
  }
  document.addEventListener('htmx:load', function (event) {
    var root = event.target === document.body ? document : event.target;
    if (!root.querySelectorAll) return;
    root.querySelectorAll('form.filters').forEach(function (form) {
      if (!form.closest('section.act7')) return;
      if (Array.prototype.some.call(form.querySelectorAll('select'), chosenSince)) htmx.trigger(form, 'change');
    });
  });

  // A price comes back as its seat's section alone (issue 29), so the board's own URL does
  // not hold the choice: the board asks with what each action form shows chosen (a card, or
  // "pass"), and comes back with it still chosen and priced (another phone's move once undid it).
  // An action other than the form's first counts as chosen before its card is: a player who chose
  // "Sell" and was still looking at her hand had it put back to the first action by another's move.
  function chosen(form) {
    var data = new FormData(form), action = form.querySelector('select[name=action]');
    var moved = action && action.selectedIndex > 0;
    return data.get('card') || data.get('action') === 'pass' || moved ? data : null;
  }
  // A price asked while the network (or the server) was away never came, and there is no "See the
  // price" to tap again: it is asked again once the network is back (the browser's "online") or the
  // table's stream opens again (the server back).
  var unpriced = false;
  function priceLost(event) {
    var form = event.detail && event.detail.elt;
    if (form && form.matches && form.matches('section.act7 form.filters')) unpriced = true;
  }
  function priceAgain() {
    if (!unpriced) return;
    unpriced = false;
    document.querySelectorAll('section.act7 form.filters').forEach(function (form) {
      if (chosen(form)) htmx.trigger(form, 'change');
    });
  }
  document.addEventListener('htmx:sendError', priceLost);
  document.addEventListener('htmx:timeout', priceLost);
  window.addEventListener('online', priceAgain);
  document.addEventListener('htmx:sseOpen', priceAgain);

  function choosing(board) {
    return Array.prototype.some.call(board.querySelectorAll('section.act7 form.filters'), chosen);
  }
  document.addEventListener('htmx:configRequest', function (event) {
    var board = event.detail.elt;
    if (!board || board.id !== 'board') return;
    board.querySelectorAll('section.act7 form.filters').forEach(function (form) {
      var data = chosen(form);
      if (data) data.forEach(function (value, key) { if (value) event.detail.parameters[key] = value; });
    });
  });

  // Letters typed on a pick's menu (a keyboard's type-ahead: "alt" for Altar) each change it, and each
  // change asked the price and swapped in a new menu whose type-ahead began again: "alt" chose Theater,
  // "lum" Loom (walked in English). While letters come (the browser's type-ahead waits about a second
  // for the next one), the ask waits; it is made once, for the card the letters name. Taps, arrows
  // and the "See the price" button ask at once, as before.
  var TYPE_AHEAD_MS = 1000, lettered = 0, held = null;
  document.addEventListener('keydown', function (event) {
    var menu = event.target;
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey &&
        menu.matches && menu.matches('section.act7 form.filters select')) lettered = Date.now();
  }, true);
  document.addEventListener('htmx:confirm', function (event) {
    var trigger = event.detail.triggeringEvent, form = event.detail.elt;
    if (!trigger || trigger.type !== 'change' || !form.matches('section.act7 form.filters')) return;
    var wait = lettered + TYPE_AHEAD_MS - Date.now();
    if (wait <= 0 || !(trigger.target.matches && trigger.target.matches('select'))) return;
    event.preventDefault();
    clearTimeout(held);
    held = setTimeout(function () { if (document.body.contains(form)) htmx.trigger(form, 'change'); }, wait);
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
