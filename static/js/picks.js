// The long lists to tick on a city page (templates/sheets/_picks.html): a filter that shows only the
// names holding what is typed (in any printed language, accents ignored) and opens their groups, and
// the "Chosen" line and each group's count kept up to date as boxes are ticked. The page works without
// this file: the filter stays hidden and the groups open by a tap.
(function () {
  if (window.companionPicks) return;     // once, whatever htmx swaps in
  window.companionPicks = true;

  function fold(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/ß/g, 'ss').replace(/[^0-9a-z]+/g, ' ').trim();
  }

  function filter(box, query) {
    var words = fold(query);
    var any = false;
    box.querySelectorAll('[data-group]').forEach(function (group) {
      var shown = 0;
      group.querySelectorAll('.pick').forEach(function (pick) {
        var hit = !words || pick.dataset.names.indexOf(words) >= 0;
        pick.hidden = !hit;
        if (hit) shown += 1;
      });
      group.hidden = shown === 0;
      group.open = Boolean(words) && shown > 0;    // typing opens the groups holding a match; clearing folds them
      any = any || shown > 0;
    });
    box.querySelector('[data-picks-none]').hidden = any;
  }

  function recount(box) {
    var chosen = box.querySelector('[data-chosen]');      // none in the card picker: counts only
    if (chosen) chosen.textContent = '';
    box.querySelectorAll('[data-group]').forEach(function (group) {
      var n = 0;
      group.querySelectorAll('input[type=checkbox]').forEach(function (tick) {
        if (!tick.checked) return;
        n += 1;
        if (!chosen) return;
        var chip = document.createElement('label');
        chip.className = 'chip';
        chip.htmlFor = tick.id;
        chip.textContent = tick.parentElement.querySelector('[data-name]').textContent + ' ';
        var cross = document.createElement('span');
        cross.setAttribute('aria-hidden', 'true');
        cross.textContent = '×';
        chip.appendChild(cross);
        chosen.appendChild(chip);
      });
      group.querySelector('[data-count]').textContent = n ? '✓ ' + n : '';
    });
    if (chosen && !chosen.firstChild) {
      var none = document.createElement('span');
      none.className = 'muted';
      none.textContent = chosen.dataset.none;
      chosen.appendChild(none);
    }
  }

  function start(root) {
    root.querySelectorAll('[data-picks-find]').forEach(function (find) { find.hidden = false; });
  }

  document.addEventListener('input', function (event) {
    var find = event.target;
    if (find.matches && find.matches('[data-picks-find]')) filter(find.closest('[data-picks]'), find.value);
  });
  document.addEventListener('change', function (event) {
    var tick = event.target;
    var box = tick.closest && tick.closest('[data-picks]');
    if (box && tick.type === 'checkbox') recount(box);
  });
  // Enter in the filter ticks the only name left, and empties the filter for the next one.
  document.addEventListener('keydown', function (event) {
    var find = event.target;
    if (event.key !== 'Enter' || !find.matches || !find.matches('[data-picks-find]')) return;
    var left = Array.prototype.filter.call(find.closest('[data-picks]').querySelectorAll('.pick'),
      function (pick) { return !pick.hidden; });
    if (left.length === 1) {
      event.preventDefault();
      event.stopPropagation();       // the filter keeps the keys for the next name (keys.js would close them)
      var tick = left[0].querySelector('input');
      tick.checked = true;
      tick.dispatchEvent(new Event('change', { bubbles: true }));
      find.value = '';
      filter(find.closest('[data-picks]'), '');
    }
  }, true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { start(document); });
  else start(document);
  document.addEventListener('htmx:load', function (event) { start(event.detail.elt); });
})();

// A city page's fields for one board only (a board whose stages are built in any order, Abu Simbel's
// buried leaders, Stonehenge's colour under a stage: `data-boards`, the ids of the boards that have
// them) are shown when one of those boards is chosen, hidden and left out of the form otherwise. Without
// this file every such field shows, and the server reads them as before.
(function () {
  if (window.companionBoardFields) return;
  window.companionBoardFields = true;

  function follow(form) {
    var wonder = form.querySelector('select[name="wonder"]');
    if (!wonder) return;
    form.querySelectorAll('[data-boards]').forEach(function (field) {
      var mine = field.dataset.boards.split(' ').indexOf(wonder.value) >= 0;
      field.hidden = !mine;
      field.querySelectorAll('input, select').forEach(function (el) { el.disabled = !mine; });
    });
  }

  function all() {
    document.querySelectorAll('form').forEach(function (form) {
      if (form.querySelector('[data-boards]')) follow(form);
    });
  }

  document.addEventListener('change', function (event) {
    if (event.target.matches && event.target.matches('select[name="wonder"]') && event.target.form) {
      follow(event.target.form);
    }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all);
  else all();
  document.addEventListener('htmx:afterSwap', all);
})();


// A count a progress token scores (Mysticism: the mythology and offering tokens still held):
// `data-tokens`, the ids of the tokens that count it, shown while one of them is ticked, hidden and
// left out of the form otherwise. Without this file it always shows; the server keeps it only for a
// token ticked.
(function () {
  if (window.companionTokenFields) return;
  window.companionTokenFields = true;

  function follow(form) {
    form.querySelectorAll('[data-tokens]').forEach(function (field) {
      var mine = field.dataset.tokens.split(' ').some(function (id) {
        var tick = form.querySelector('input[name="progress"][value="' + id + '"]');
        return tick && tick.checked;
      });
      field.hidden = !mine;
      field.querySelectorAll('input').forEach(function (el) { el.disabled = !mine; });
    });
  }

  function all() {
    document.querySelectorAll('form').forEach(function (form) {
      if (form.querySelector('[data-tokens]')) follow(form);
    });
  }

  document.addEventListener('change', function (event) {
    if (event.target.matches && event.target.matches('input[name="progress"]') && event.target.form) {
      follow(event.target.form);
    }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all);
  else all();
  document.addEventListener('htmx:afterSwap', all);
})();
