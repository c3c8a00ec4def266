/**
 * Charts drawn on the server as inline SVG (no chart library, no script). Each is a figure whose
 * SVG is an image with a title and a one-sentence description for screen readers, followed by
 * the same numbers as a table: the text equivalent, and what a person copies from.
 */
import { escapeHtml, tableRegion } from './components.ts';

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
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function barRows(options: BarChartOptions, labelWidth: number, plotWidth: number): string {
  const rowHeight = 30;
  const x = (value: number) => labelWidth + clamp01(value / options.max) * plotWidth;
  return options.bars
    .map((bar, index) => {
      const y = 10 + index * rowHeight;
      const fill = bar.highlight ? GREEN : BLUE;
      const width = Math.max(1, x(bar.value) - labelWidth);
      const whisker =
        bar.lower !== undefined && bar.upper !== undefined
          ? `<line x1="${round1(x(bar.lower))}" x2="${round1(x(bar.upper))}" y1="${y + 10}" y2="${y + 10}" stroke="${INK}" stroke-width="2"/>` +
            `<line x1="${round1(x(bar.lower))}" x2="${round1(x(bar.lower))}" y1="${y + 4}" y2="${y + 16}" stroke="${INK}" stroke-width="2"/>` +
            `<line x1="${round1(x(bar.upper))}" x2="${round1(x(bar.upper))}" y1="${y + 4}" y2="${y + 16}" stroke="${INK}" stroke-width="2"/>`
          : '';
      return (
        `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" font-size="13" fill="${INK}">${escapeHtml(truncate(bar.label, 17))}</text>` +
        `<rect x="${labelWidth}" y="${y + 2}" width="${round1(width)}" height="16" fill="${fill}" rx="2"/>` +
        whisker +
        `<text x="${round1(Math.max(x(bar.value), bar.upper !== undefined ? x(bar.upper) : 0) + 6)}" y="${y + 15}" font-size="13" fill="${INK}">${escapeHtml(options.format(bar.value))}</text>`
      );
    })
    .join('');
}

/** Horizontal bars with optional 95% interval whiskers. */
export function barChart(options: BarChartOptions): string {
  if (options.bars.length === 0) return '';
  const labelWidth = 140;
  const plotWidth = WIDTH - labelWidth - 50;
  const height = 20 + options.bars.length * 30;
  const hasIntervals = options.bars.some((bar) => bar.lower !== undefined);
  const rows = options.bars
    .map(
      (bar) =>
        `<tr><th scope="row">${escapeHtml(bar.label)}${bar.note ? ` (${escapeHtml(bar.note)})` : ''}${bar.highlight ? ' (you)' : ''}</th><td class="num">${escapeHtml(options.format(bar.value))}</td>${
          hasIntervals
            ? `<td class="num">${bar.lower !== undefined && bar.upper !== undefined ? `${escapeHtml(options.format(bar.lower))} – ${escapeHtml(options.format(bar.upper))}` : '–'}</td>`
            : ''
        }</tr>`,
    )
    .join('');
  const table = `<table><thead><tr><th scope="col">Name</th><th scope="col" class="num">${escapeHtml(options.valueLabel)}</th>${hasIntervals ? '<th scope="col" class="num">95% interval</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>`;
  return `<figure id="${options.id}">
<figcaption id="${options.id}-caption">${escapeHtml(options.title)}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${options.id}-title">${escapeHtml(options.title)}</title>
<desc id="${options.id}-desc">${escapeHtml(options.description)}</desc>
<line x1="${labelWidth}" x2="${labelWidth}" y1="4" y2="${height - 6}" stroke="${GREY}"/>
${barRows(options, labelWidth, plotWidth)}
</svg>
<details><summary>The numbers as a table</summary>${tableRegion(options.title, table)}</details>
</figure>`;
}

export interface Point {
  label: string;
  /** 0..100; null points (runs without a score) are left out. */
  value: number;
}

/** A line of scores over time (0..100), oldest left. */
export function lineChart(options: {
  id: string;
  title: string;
  description: string;
  points: readonly Point[];
}): string {
  if (options.points.length === 0) return '';
  const height = 200;
  const left = 34;
  const right = WIDTH - 16;
  const top = 15;
  const bottom = height - 40;
  const step = options.points.length > 1 ? (right - left) / (options.points.length - 1) : 0;
  const xOf = (index: number) =>
    round1(options.points.length > 1 ? left + index * step : (left + right) / 2);
  const yOf = (value: number) => round1(bottom - (value / 100) * (bottom - top));
  const grid = [0, 25, 50, 75, 100]
    .map(
      (value) =>
        `<line x1="${left}" x2="${right}" y1="${yOf(value)}" y2="${yOf(value)}" stroke="#d5dae1"/>` +
        `<text x="${left - 6}" y="${yOf(value) + 4}" text-anchor="end" font-size="12" fill="${INK}">${value}</text>`,
    )
    .join('');
  const path = options.points.map((point, index) => `${xOf(index)},${yOf(point.value)}`).join(' ');
  const labelEvery = Math.ceil(options.points.length / 6);
  const dots = options.points
    .map(
      (point, index) =>
        `<circle cx="${xOf(index)}" cy="${yOf(point.value)}" r="4" fill="${BLUE}"/>` +
        `<text x="${xOf(index)}" y="${yOf(point.value) - 8}" text-anchor="middle" font-size="12" fill="${INK}">${point.value}</text>` +
        (index % labelEvery === 0 || index === options.points.length - 1
          ? `<text x="${xOf(index)}" y="${bottom + 18}" text-anchor="middle" font-size="12" fill="${INK}">${escapeHtml(truncate(point.label, 12))}</text>`
          : ''),
    )
    .join('');
  const rows = options.points
    .map(
      (point) =>
        `<tr><th scope="row">${escapeHtml(point.label)}</th><td class="num">${point.value}</td></tr>`,
    )
    .join('');
  return `<figure id="${options.id}">
<figcaption>${escapeHtml(options.title)}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${options.id}-title">${escapeHtml(options.title)}</title>
<desc id="${options.id}-desc">${escapeHtml(options.description)}</desc>
${grid}
<polyline points="${path}" fill="none" stroke="${BLUE}" stroke-width="2"/>
${dots}
</svg>
<details><summary>The numbers as a table</summary>${tableRegion(options.title, `<table><thead><tr><th scope="col">Run</th><th scope="col" class="num">Score</th></tr></thead><tbody>${rows}</tbody></table>`)}</details>
</figure>`;
}
