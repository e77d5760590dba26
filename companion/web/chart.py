"""Each player's points by category as a stacked bar, drawn server-side in SVG.

Colours are the pad's, by CSS class, so dark mode and the print sheet restyle
them without redrawing. Negative military points are drawn left of zero.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

from ..engine.messages import minus

WIDTH, BAR, GAP, LABEL = 340, 22, 10, 70


def category_chart(pad, names: Sequence[str], points: Sequence[Mapping[str, int]], labels: Mapping[str, str],
                   title: str) -> Markup:
    """The chart, its name (`title`) and each bar's part named in the reader's words (`labels`, by row
    key): a screen reader or a long press says "Ana: Wonder 3", never the contract's key in English."""
    keys = [row.key for row in pad.rows]
    colours = {row.key: row.colour for row in pad.rows}
    lows = [sum(min(p.get(k, 0), 0) for k in keys) for p in points]
    highs = [sum(max(p.get(k, 0), 0) for k in keys) for p in points]
    low, high = min(lows + [0]), max(highs + [1])
    span = WIDTH - LABEL - 34      # room for the total after the bar
    scale = span / (high - low)
    zero = LABEL + (-low) * scale
    height = len(names) * (BAR + GAP) + GAP
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">']
    for i, (name, p) in enumerate(zip(names, points)):
        y = GAP + i * (BAR + GAP)
        parts.append(f'<text class="chart-name" x="{LABEL - 6}" y="{y + BAR * 0.7:.1f}" '
                     f'text-anchor="end">{escape(name[:10])}</text>')
        right, left = zero, zero
        for key in keys:
            value = p.get(key, 0)
            if not value:
                continue
            width = abs(value) * scale
            if value > 0:
                x, right = right, right + width
            else:
                left -= width
                x = left
            parts.append(f'<rect class="fill-{colours[key]}" x="{x:.1f}" y="{y}" width="{width:.1f}" '
                         f'height="{BAR}"><title>{escape(name)}: {escape(labels.get(key, key))} {minus(value)}</title></rect>')
        parts.append(f'<text class="chart-total" x="{right + 4:.1f}" y="{y + BAR * 0.7:.1f}">'
                     f'{minus(sum(p.get(k, 0) for k in keys))}</text>')
    parts.append(f'<line class="chart-axis" x1="{zero:.1f}" x2="{zero:.1f}" y1="0" y2="{height}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
