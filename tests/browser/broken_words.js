() => {
  // Every word a player can see (split at spaces, hyphens, soft hyphens and slashes), each on one line:
  // a word whose letters sit on two lines was broken mid-word ("Handelskamme" / "r").
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, svg, datalist, option, select, textarea') || !el.getClientRects().length) continue;
    for (const m of node.data.matchAll(/[^\s\u00ad\-\u2010\/]+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) bad.push(m[0]);
    }
  }
  return bad;
}
