/**
 * A horizontal bar chart as hand-written SVG: a label and a value above each
 * bar, the bar's width a percentage of the chart's, so the chart keeps its
 * text size at any page width (nothing is scaled) and needs no script. The
 * report's charts are plain ranked counts: a chart library would add tens of
 * kilobytes to every page for less control over narrow screens.
 */
import { html, htmlOnly } from './html-text.js';
import { cut, formatCount } from './visible.js';

export interface Bar {
  /** The label, from the input (made visible and escaped here). */
  label: string;
  value: number;
  /** The bar counts what did not make the top (drawn apart). */
  others?: boolean;
  /** A host the bar filters the table by when activated. */
  host?: string;
  /** A long label keeps its end (a file's name), not its start. */
  keepEnd?: boolean;
}

/** `label` cut to `labelLength`, from its end when `keepEnd` (`…/docs/guide/index.md`). */
function shortLabel(bar: Bar): string {
  if (bar.label.length <= labelLength || bar.keepEnd !== true) return cut(bar.label, labelLength);
  return `…${bar.label.slice(bar.label.length - labelLength + 1).replace(/^[\uDC00-\uDFFF]/, '')}`;
}

/** Height of one bar's row, in pixels: a line of label text and the bar. */
const rowHeight = 30;
/** Labels longer than this are cut (the full label is the bar's tooltip). */
const labelLength = 44;

/** Bars: the first `top` items, and one bar for the rest. */
export function topBars<Item>(items: readonly Item[], top: number, bar: (item: Item) => Bar, othersLabel: (count: number) => string): Bar[] {
  const bars = items.slice(0, top).map(bar);
  const rest = items.slice(top);
  if (rest.length > 0) bars.push({ label: othersLabel(rest.length), value: rest.reduce((sum, item) => sum + bar(item).value, 0), others: true });
  return bars;
}

/** A `<figure>` holding the chart, captioned by `title` (text made safe by the caller's own words). */
export function barChart(id: string, title: string, unit: string, bars: readonly Bar[]): string {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  const height = bars.length * rowHeight;
  const rows = bars.map((bar, i) => {
    const y = i * rowHeight;
    const width = bar.value === 0 ? 0 : Math.max(0.5, (bar.value / most) * 100);
    const tip = `${html(bar.label)}: ${formatCount(bar.value)} ${htmlOnly(unit)}`;
    const row =
      `<g class="bar-row${bar.others === true ? ' others' : ''}"><title>${tip}</title>` +
      // the whole row takes the pointer (and the tooltip), not only its text and bar
      `<rect class="row-area" x="0" y="${y}" width="100%" height="${rowHeight}" fill="transparent"></rect>` +
      `<text class="label" x="0" y="${y + 13}">${html(shortLabel(bar))}</text>` +
      `<text class="value" x="100%" y="${y + 13}" text-anchor="end">${formatCount(bar.value)}</text>` +
      `<rect class="bar" x="0" y="${y + 18}" height="9" rx="2" width="${width.toFixed(2)}%"></rect></g>`;
    return bar.host === undefined ? row : `<a href="#urls" class="filter-link" data-host="${html(bar.host)}" aria-label="show only ${html(bar.host)} in the table">${row}</a>`;
  });
  return (
    `<figure class="chart" id="${id}"><figcaption id="${id}-title">${htmlOnly(title)}</figcaption>` +
    `<svg class="bars" role="img" aria-labelledby="${id}-title" width="100%" height="${height}">${rows.join('')}</svg></figure>`
  );
}
