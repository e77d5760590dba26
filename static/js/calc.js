// A calculator's answer is swapped in alone as the player types (hx-select="#answer"): its refusals
// (each marked data-refused="<field's name>") mark their fields here, the field kept as typed and with
// the keys, and a field typed right again loses its mark and the refusal a full page drew beside it
// (a reload of an address holding a bad count). Without JavaScript the whole page marks them itself.
if (!window.calcRefusalsBound) {   // bound once, though a boosted navigation may run this file again
  window.calcRefusalsBound = true;
  document.addEventListener("htmx:afterSettle", function () {
    var answer = document.getElementById("answer");
    var form = answer && answer.closest("form");
    if (!form) return;
    form.querySelectorAll("input[name]:not([type=checkbox])").forEach(function (field) {
      var refusal = answer.querySelector('[data-refused="' + CSS.escape(field.name) + '"]');
      var beside = document.getElementById(field.name + "-error");
      if (refusal) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", refusal.id);
      } else if (field.hasAttribute("aria-invalid")) {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
      }
      if (beside) beside.remove();   // the answer says it now, or it no longer holds
    });
  });
}
