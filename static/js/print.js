// Buttons marked data-print print the page (an onclick="" attribute would be an inline script).
// Bound once, though a boosted navigation may run this file again.
if (!window.printButtonsBound) {
  window.printButtonsBound = true;
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
    }
  });
}
