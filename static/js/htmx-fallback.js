// The vendored htmx when its CDN did not load (a table without network).
// A file, not an inline script, so the Content-Security-Policy can forbid inline
// scripts; written while the page is still parsing, as htmx needs to start on its own.
if (!window.htmx) {
  document.write('<script src="' + document.currentScript.dataset.src + '"><\/script>');
}
