() => {
  // Each word's pieces between soft hyphens: every letter of a piece on one line, inside the slot.
  const bad = [];
  for (const slot of document.querySelectorAll('.pyramid a.slot[data-card]')) {
    const box = slot.getBoundingClientRect();
    const walker = document.createTreeWalker(slot, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\S+/g)) {
        let at = m.index;
        for (const piece of m[0].split('\u00ad')) {
          const letters = [];
          for (let i = at; i < at + piece.length; i++) {
            const range = document.createRange();
            range.setStart(node, i); range.setEnd(node, i + 1);
            const r = [...range.getClientRects()].filter(r => r.width > 0).pop();
            letters.push(r);
          }
          at += piece.length + 1;
          const tops = new Set(letters.map(r => Math.round(r.top)));
          const out = letters.some(r => r.right > box.right + 0.5 || r.left < box.left - 0.5 || r.bottom > box.bottom + 0.5);
          if (tops.size > 1 || out) bad.push(`${m[0].replaceAll('\u00ad', '-')}: "${piece}" on ${tops.size} lines${out ? ', cut by the slot' : ''}`);
        }
      }
    }
  }
  return bad;
}
