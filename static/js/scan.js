// The scan preview's "Go to this cell": the cell's field is focused, not only scrolled to, so a
// phone's keyboard opens on the number to fix (the table scrolls sideways on a phone; focus brings
// the field into view). Without JavaScript the link still scrolls to it.
(function () {
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('.scan-to-check a[href^="#"]');
    if (!link) return;
    var field = document.getElementById(link.getAttribute('href').slice(1));
    if (!field || !field.focus) return;
    event.preventDefault();
    field.focus();
    if (field.select) field.select();
    if (field.scrollIntoView) field.scrollIntoView({block: 'center', inline: 'center'});
    if (history.replaceState) history.replaceState(null, '', link.getAttribute('href'));
  });
})();
