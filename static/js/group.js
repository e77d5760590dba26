// The group page's list of phones is asked again when the page is looked at again (the phone back from
// the messenger that sent the link, its screen woken): a "looked-again" event its hx-trigger waits for.
// Never on a timer (issue 29); htmx's own trigger filter is off here (allowEval false).
if (!window.lookedAgainBound) {   // bound once, though a boosted navigation may run this file again
  window.lookedAgainBound = true;
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") document.dispatchEvent(new Event("looked-again"));
  });
}
