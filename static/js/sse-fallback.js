// The vendored SSE extension when its CDN did not load (htmx is there by now:
// its own fallback ran just before). The extension sets htmx.createEventSource
// when it registers, so its absence says it did not load.
if (window.htmx && !window.htmx.createEventSource) {
  document.write('<script src="' + document.currentScript.dataset.src + '"><\/script>');
}
