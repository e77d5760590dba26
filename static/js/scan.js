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

// The language menu on the preview: the page is a form's answer, so a link to it in another
// language (a GET) lost every correction typed and every number read (the upload page came back,
// or "not possible here"). A language chosen here posts the preview to be checked again in it.
(function () {
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('details.langs a[hreflang]');
    var form = document.getElementById('scan-preview');
    if (!link || !form) return;
    event.preventDefault();
    var check = document.createElement('input');
    check.type = 'hidden'; check.name = 'action'; check.value = 'check';
    form.appendChild(check);
    form.action = form.getAttribute('action').split('?')[0] + '?lang=' + encodeURIComponent(link.getAttribute('hreflang'));
    form.submit();
  });
})();
