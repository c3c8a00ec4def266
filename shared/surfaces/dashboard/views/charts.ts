/**
 * Charts drawn on the server as inline SVG (no chart library, no script). Each is a figure whose
 * SVG is an image with a title and a one-sentence description for screen readers, followed by
 * the same numbers as a table: the text equivalent, and what a person copies from.
 */
import { type Html, html } from '#shared/surfaces/http/html';
import { tableRegion } from './components.ts';

const WIDTH = 420;
const BLUE = '#1f5fbf';
const GREEN = '#0a6b2d';
const GREY = '#767676';
const INK = '#1b1b1b';

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

export interface Bar {
  label: string;
  /** Between 0 and `max`. */
  value: number;
  /** A 95% interval around the value, drawn as a whisker. */
  lower?: number;
  upper?: number;
  /** Drawn in the accent colour (the brand itself, the own domain). */
  highlight?: boolean;
  /** Said after the label in the table (whose site a domain is). */
  note?: string;
  /** The answers behind the bar (drill-down). */
  href?: string;
}

export interface BarChartOptions {
  id: string;
  title: string;
  description: string;
  bars: readonly Bar[];
  max: number;
  format: (value: number) => string;
  /** Column heading of the value in the table. */
  valueLabel: string;
  /** Column heading of the whiskers (default "95% interval"). */
  intervalLabel?: string;
  /** One line under the chart: what the whiskers or the denominator are. */
  footnote?: string;
}

/** About the width of a label in px at font-size 13 (system sans-serif averages ~0.55 em). */
const textWidth = (text: string) => Math.ceil(text.length * 7.2);
const MAX_LABEL_WIDTH = 230;
const PLOT_WIDTH = 240;

/**
 * A label on one line, or on two when it would not fit (split at a space, dot or hyphen): labels
 * are never cut ("northwind-payrol…" told nobody which site it was).
 */
function labelLines(text: string): string[] {
  if (textWidth(text) <= MAX_LABEL_WIDTH) return [text];
  const half = Math.ceil(text.length / 2);
  let split = -1;
  for (let offset = 0; offset < half && split === -1; offset += 1) {
    for (const at of [half + offset, half - offset]) {
      if (at > 0 && at < text.length && /[\s.\-/]/.test(text[at - 1] ?? '')) {
        split = at;
        break;
      }
    }
  }
  if (split === -1) split = half;
  return [text.slice(0, split).trimEnd(), text.slice(split).trimStart()];
}

function labelWidthOf(bars: readonly Bar[]): number {
  const widest = Math.max(
    ...bars.flatMap((bar) => labelLines(bar.label).map((line) => textWidth(line))),
  );
  return Math.min(MAX_LABEL_WIDTH, Math.max(70, widest)) + 12;
}

function labelText(bar: Bar, x: number, y: number): Html {
  const lines = labelLines(bar.label);
  if (lines.length === 1) {
    return html`<text x="${x}" y="${y + 15}" text-anchor="end" font-size="13" fill="${INK}">${bar.label}</text>`;
  }
  return html`<text x="${x}" y="${y + 8}" text-anchor="end" font-size="12" fill="${INK}">${lines.map(
    (line, index) => html`<tspan x="${x}" dy="${index === 0 ? 0 : 13}">${line}</tspan>`,
  )}</text>`;
}

function whiskerOf(x1: number, x2: number, y: number): Html {
  return html`<line x1="${round1(x1)}" x2="${round1(x2)}" y1="${y + 10}" y2="${y + 10}" stroke="${INK}" stroke-width="2"/><line x1="${round1(x1)}" x2="${round1(x1)}" y1="${y + 4}" y2="${y + 16}" stroke="${INK}" stroke-width="2"/><line x1="${round1(x2)}" x2="${round1(x2)}" y1="${y + 4}" y2="${y + 16}" stroke="${INK}" stroke-width="2"/>`;
}

function barRows(options: BarChartOptions, labelWidth: number, plotWidth: number): Html[] {
  const rowHeight = 32;
  const x = (value: number) => labelWidth + clamp01(value / options.max) * plotWidth;
  return options.bars.map((bar, index) => {
    const y = 10 + index * rowHeight;
    const fill = bar.highlight ? GREEN : BLUE;
    const width = Math.max(1, x(bar.value) - labelWidth);
    const whisker =
      bar.lower !== undefined && bar.upper !== undefined
        ? whiskerOf(x(bar.lower), x(bar.upper), y)
        : '';
    const valueX = round1(Math.max(x(bar.value), bar.upper !== undefined ? x(bar.upper) : 0) + 6);
    const row = html`${labelText(bar, labelWidth - 8, y)}<rect x="${labelWidth}" y="${y + 2}" width="${round1(width)}" height="16" fill="${fill}" rx="2"/>${whisker}<text x="${valueX}" y="${y + 15}" font-size="13" fill="${INK}">${options.format(bar.value)}</text>`;
    if (!bar.href) return row;
    // A bar that opens the answers behind it: the whole row is the link target.
    // Named by its visible text (label and value); the figure's description says bars open answers.
    return html`<a href="${bar.href}"><rect x="0" y="${y}" width="${labelWidth + plotWidth + 50}" height="${rowHeight - 4}" fill="transparent"/>${row}</a>`;
  });
}

function intervalCell(options: BarChartOptions, bar: Bar): Html {
  return html`<td class="num">${bar.lower !== undefined && bar.upper !== undefined ? html`${options.format(bar.lower)} – ${options.format(bar.upper)}` : '–'}</td>`;
}

/**
 * The drawing in a box of its own: on a narrow screen the drawing keeps a width at which its
 * labels stay readable (11 px or more; styles.ts) and the box scrolls sideways, reachable from
 * the keyboard, instead of shrinking the labels to a few pixels.
 */
function chartBox(title: string, svg: Html): Html {
  return html`<div class="chart" role="region" aria-label="${`Chart: ${title}`}" tabindex="0">${svg}</div>`;
}

/** Horizontal bars with optional 95% interval whiskers; bars with `href` open what is behind them. */
export function barChart(options: BarChartOptions): Html {
  if (options.bars.length === 0) return html``;
  const labelWidth = labelWidthOf(options.bars);
  const plotWidth = PLOT_WIDTH;
  const width = labelWidth + plotWidth + 60;
  const height = 20 + options.bars.length * 32;
  const hasIntervals = options.bars.some((bar) => bar.lower !== undefined);
  const linked = options.bars.some((bar) => bar.href);
  const rows = options.bars.map(
    (bar) =>
      html`<tr><th scope="row">${bar.href ? html`<a href="${bar.href}">${bar.label}</a>` : bar.label}${bar.note ? html` (${bar.note})` : ''}${bar.highlight ? ' (you)' : ''}</th><td class="num">${options.format(bar.value)}</td>${
        hasIntervals ? intervalCell(options, bar) : ''
      }</tr>`,
  );
  const table = html`<table><thead><tr><th scope="col">Name</th><th scope="col" class="num">${options.valueLabel}</th>${hasIntervals ? html`<th scope="col" class="num">${options.intervalLabel ?? '95% interval'}</th>` : ''}</tr></thead><tbody>${rows}</tbody></table>`;
  // With links inside, the drawing is a group of links (an image's content is not reachable).
  const role = linked ? 'group' : 'img';
  return html`<figure id="${options.id}">
<figcaption id="${options.id}-caption">${options.title}</figcaption>
${chartBox(
  options.title,
  html`<svg viewBox="0 0 ${width} ${height}" role="${role}" aria-labelledby="${options.id}-title ${options.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${options.id}-title">${options.title}</title>
<desc id="${options.id}-desc">${options.description}</desc>
<line x1="${labelWidth}" x2="${labelWidth}" y1="4" y2="${height - 6}" stroke="${GREY}"/>
${barRows(options, labelWidth, plotWidth)}
</svg>`,
)}
${options.footnote ? html`<p class="muted small">${options.footnote}</p>` : ''}<details><summary>The numbers as a table</summary>${tableRegion(options.title, table)}</details>
</figure>`;
}

export interface Point {
  label: string;
  /** 0..100; null points (runs without a score) are left out. */
  value: number;
  /** The range around the value, drawn as a vertical whisker. */
  lower?: number;
  upper?: number;
}

/** Which points get an axis label: evenly spaced so none overlap, the newest always. */
function labelledIndices(count: number, every: number): number[] {
  const shown: number[] = [];
  for (let index = 0; index < count; index += every) shown.push(index);
  const last = count - 1;
  const previous = shown.at(-1) ?? 0;
  if (previous !== last) {
    if (last - previous < every && previous !== 0) shown.pop();
    if (last - (shown.at(-1) ?? -every) >= every || shown.length === 0) shown.push(last);
  }
  return shown;
}

/** Axis labels that never run off the drawing or into each other: ends anchored inwards. */
function axisLabels(points: readonly Point[], xOf: (index: number) => number, y: number): Html[] {
  const widest = Math.max(...points.map((point) => point.label.length)) * 6.6 + 10;
  const span = points.length > 1 ? xOf(1) - xOf(0) : widest;
  const every = Math.max(1, Math.ceil(widest / span));
  const last = points.length - 1;
  return labelledIndices(points.length, every).map((index) => {
    const point = points[index] as Point;
    const anchor =
      last === 0 ? 'middle' : index === 0 ? 'start' : index === last ? 'end' : 'middle';
    return html`<text x="${xOf(index)}" y="${y}" text-anchor="${anchor}" font-size="12" fill="${INK}">${point.label}</text>`;
  });
}

/** Each point: its dot, its value, and its range as a vertical whisker when known. */
function pointMarks(
  points: readonly Point[],
  xOf: (index: number) => number,
  yOf: (value: number) => number,
): Html[] {
  return points.map((point, index) => {
    const x = xOf(index);
    const whisker =
      point.lower !== undefined && point.upper !== undefined
        ? html`<line x1="${x}" x2="${x}" y1="${yOf(point.lower)}" y2="${yOf(point.upper)}" stroke="${INK}" stroke-width="2"/><line x1="${x - 5}" x2="${x + 5}" y1="${yOf(point.lower)}" y2="${yOf(point.lower)}" stroke="${INK}" stroke-width="2"/><line x1="${x - 5}" x2="${x + 5}" y1="${yOf(point.upper)}" y2="${yOf(point.upper)}" stroke="${INK}" stroke-width="2"/>`
        : '';
    const labelY = Math.max(12, yOf(point.upper ?? point.value) - 8);
    // The newest point's value goes to its left, so it never runs off the drawing.
    const value =
      index === points.length - 1 && points.length > 1
        ? html`<text x="${x - 8}" y="${labelY}" text-anchor="end" font-size="12" fill="${INK}">${point.value}</text>`
        : html`<text x="${x + 8}" y="${labelY}" font-size="12" fill="${INK}">${point.value}</text>`;
    return html`${whisker}<circle cx="${x}" cy="${yOf(point.value)}" r="4" fill="${BLUE}"/>${value}`;
  });
}

/** A line of scores over time (0..100), oldest left, each point with its range when known. */
export function lineChart(options: {
  id: string;
  title: string;
  description: string;
  points: readonly Point[];
  footnote?: string;
}): Html {
  if (options.points.length === 0) return html``;
  const height = 210;
  const left = 34;
  const right = WIDTH - 16;
  const top = 15;
  const bottom = height - 40;
  const step = options.points.length > 1 ? (right - left) / (options.points.length - 1) : 0;
  const xOf = (index: number) =>
    round1(options.points.length > 1 ? left + index * step : (left + right) / 2);
  const yOf = (value: number) => round1(bottom - (value / 100) * (bottom - top));
  const grid = [0, 25, 50, 75, 100].map(
    (value) =>
      html`<line x1="${left}" x2="${right}" y1="${yOf(value)}" y2="${yOf(value)}" stroke="#d5dae1"/><text x="${left - 6}" y="${yOf(value) + 4}" text-anchor="end" font-size="12" fill="${INK}">${value}</text>`,
  );
  const path = options.points.map((point, index) => `${xOf(index)},${yOf(point.value)}`).join(' ');
  const dots = pointMarks(options.points, xOf, yOf);
  const ranged = options.points.some((point) => point.lower !== undefined);
  const rows = options.points.map(
    (point) =>
      html`<tr><th scope="row">${point.label}</th><td class="num">${point.value}</td>${ranged ? html`<td class="num">${point.lower !== undefined && point.upper !== undefined ? `${point.lower} – ${point.upper}` : '–'}</td>` : ''}</tr>`,
  );
  return html`<figure id="${options.id}">
<figcaption>${options.title}</figcaption>
${chartBox(
  options.title,
  html`<svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${options.id}-title">${options.title}</title>
<desc id="${options.id}-desc">${options.description}</desc>
${grid}
<polyline points="${path}" fill="none" stroke="${BLUE}" stroke-width="2"/>
${dots}
${axisLabels(options.points, xOf, bottom + 20)}
</svg>`,
)}
${options.footnote ? html`<p class="muted small">${options.footnote}</p>` : ''}<details><summary>The numbers as a table</summary>${tableRegion(options.title, html`<table><thead><tr><th scope="col">Run</th><th scope="col" class="num">Score</th>${ranged ? html`<th scope="col" class="num">Range</th>` : ''}</tr></thead><tbody>${rows}</tbody></table>`)}</details>
</figure>`;
}
