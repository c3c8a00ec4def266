/**
 * The Agents tab's two charts, drawn on the server as inline SVG like the case summary's
 * (charts.ts): hits per day per agent as stacked columns, and each agent's hits split into
 * verified, unverifiable and spoofed. Each is an image with a title and a description, a legend
 * in text, and the same numbers as a table.
 */

import type { AgentRow, DailyHits } from '#shared/domain/agent-logs/report';
import { type Html, html } from '#shared/surfaces/http/html';
import { tableRegion } from './components.ts';

const INK = '#1b1b1b';
/** Colours apart for people with the common colour-vision deficiencies, each ≥ 3:1 on white. */
const PALETTE = ['#1f5fbf', '#b35900', '#0a7f6f', '#8a3ffc', '#a4161a', '#555555'];
const VERIFIED = '#0a6b2d';
const UNVERIFIABLE = '#767676';
const SPOOFED = '#a4161a';

/** At most this many agents get a colour of their own; the rest are "other agents". */
const SERIES = 5;

/**
 * The legend in text, each entry with its colour as a class (the CSP admits no inline style):
 * `swatch-0`..`swatch-5` for the palette, `swatch-verified`, `-unverifiable`, `-spoofed`.
 */
function legend(entries: readonly [string, string][]): Html {
  return html`<ul class="legend">${entries.map(
    ([swatch, label]) =>
      html`<li><span class="swatch swatch-${swatch}" aria-hidden="true"></span>${label}</li>`,
  )}</ul>`;
}

/** The days of the period that have hits, the top agents and the others, as series. */
function dailySeries(daily: readonly DailyHits[]) {
  const totals = new Map<string, number>();
  for (const entry of daily) totals.set(entry.agent, (totals.get(entry.agent) ?? 0) + entry.hits);
  const named = [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, SERIES)
    .map(([agent]) => agent);
  const series = totals.size > named.length ? [...named, 'Other agents'] : named;
  const days = [...new Set(daily.map((entry) => entry.day))].sort();
  const counts = new Map<string, number[]>();
  for (const entry of daily) {
    const name = named.includes(entry.agent) ? entry.agent : 'Other agents';
    const row = counts.get(entry.day) ?? series.map(() => 0);
    row[series.indexOf(name)] = (row[series.indexOf(name)] ?? 0) + entry.hits;
    counts.set(entry.day, row);
  }
  return { series, days, counts };
}

/**
 * The time axis: the first and the last day at its ends, or one day once, under its column, so a
 * period of one day reads as one day, not as a range from a day to itself (issue 36 point 7).
 */
function dayLabels(days: readonly string[], left: number, right: number, y: number): Html {
  if (days.length === 1) {
    return html`<text x="${(left + right) / 2}" y="${y}" text-anchor="middle" font-size="12" fill="${INK}">${days[0] ?? ''}</text>`;
  }
  return html`<text x="${left}" y="${y}" font-size="12" fill="${INK}">${days[0] ?? ''}</text><text x="${right}" y="${y}" text-anchor="end" font-size="12" fill="${INK}">${days.at(-1) ?? ''}</text>`;
}

/** Hits per day, one stacked column a day, one colour per agent. */
export function dailyHitsChart(daily: readonly DailyHits[]): Html {
  if (daily.length === 0) return html``;
  const { series, days, counts } = dailySeries(daily);
  const width = 420;
  const height = 220;
  const [left, right, top, bottom] = [44, width - 10, 12, height - 34];
  const max = Math.max(1, ...days.map((day) => (counts.get(day) ?? []).reduce((a, b) => a + b, 0)));
  const step = (right - left) / days.length;
  const columns = days.map((day, index) => {
    let y = bottom;
    return (counts.get(day) ?? []).map((value, series) => {
      const h = ((bottom - top) * value) / max;
      y -= h;
      return value === 0
        ? ''
        : html`<rect x="${(left + index * step + step * 0.15).toFixed(1)}" y="${y.toFixed(1)}" width="${(step * 0.7).toFixed(1)}" height="${h.toFixed(1)}" fill="${PALETTE[series] ?? INK}"/>`;
    });
  });
  const axis = html`<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="${INK}"/><text x="${left - 6}" y="${top + 8}" text-anchor="end" font-size="12" fill="${INK}">${max}</text><text x="${left - 6}" y="${bottom}" text-anchor="end" font-size="12" fill="${INK}">0</text>${dayLabels(days, left, right, bottom + 18)}`;
  const header = series.map((name) => html`<th scope="col" class="num">${name}</th>`);
  const rows = days.map(
    (day) =>
      html`<tr><th scope="row">${day}</th>${(counts.get(day) ?? []).map((value) => html`<td class="num">${value}</td>`)}</tr>`,
  );
  const title = 'Hits per day and agent';
  return html`<figure id="daily-hits">
<figcaption>${title}</figcaption>
<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="daily-hits-title daily-hits-desc" xmlns="http://www.w3.org/2000/svg">
<title id="daily-hits-title">${title}</title>
<desc id="daily-hits-desc">${days.length === 1 ? `Requests of AI agents on ${days[0]}, stacked by agent: ${series.join(', ')}: ${max} in all.` : `Requests of AI agents on each of ${days.length} days, stacked by agent: ${series.join(', ')}. The most on one day: ${max}.`}</desc>
${axis}${columns}
</svg>
${legend(series.map((name, index) => [String(index), name]))}
<details><summary>The numbers as a table</summary>${tableRegion(title, html`<table><thead><tr><th scope="col">Day</th>${header}</tr></thead><tbody>${rows}</tbody></table>`)}</details>
</figure>`;
}

/** Each agent's hits split into verified, unverifiable and spoofed, as stacked bars. */
export function verificationChart(agents: readonly AgentRow[]): Html {
  if (agents.length === 0) return html``;
  const shown = agents.slice(0, 10);
  const [labelWidth, plot, rowHeight] = [150, 240, 28];
  const height = 10 + shown.length * rowHeight;
  const max = Math.max(1, ...shown.map((agent) => agent.hits));
  const bars = shown.map((agent, index) => {
    const y = 6 + index * rowHeight;
    const parts: [number, string][] = [
      [agent.verified_hits, VERIFIED],
      [agent.hits - agent.verified_hits - agent.spoofed_hits, UNVERIFIABLE],
      [agent.spoofed_hits, SPOOFED],
    ];
    let x = labelWidth;
    const rects = parts.map(([value, colour]) => {
      const w = (plot * value) / max;
      const rect =
        value > 0
          ? html`<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="16" fill="${colour}"/>`
          : '';
      x += w;
      return rect;
    });
    return html`<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end" font-size="13" fill="${INK}">${agent.agent}</text>${rects}<text x="${(x + 6).toFixed(1)}" y="${y + 13}" font-size="13" fill="${INK}">${agent.hits}</text>`;
  });
  const rows = shown.map(
    (agent) =>
      html`<tr><th scope="row">${agent.agent}</th><td class="num">${agent.verified_hits}</td><td class="num">${agent.hits - agent.verified_hits - agent.spoofed_hits}</td><td class="num">${agent.spoofed_hits}</td></tr>`,
  );
  const title = 'Verified, unverifiable and spoofed hits';
  const spoofed = shown.reduce((sum, agent) => sum + agent.spoofed_hits, 0);
  return html`<figure id="verification">
<figcaption>${title}</figcaption>
<svg viewBox="0 0 ${labelWidth + plot + 60} ${height}" role="img" aria-labelledby="verification-title verification-desc" xmlns="http://www.w3.org/2000/svg">
<title id="verification-title">${title}</title>
<desc id="verification-desc">${`For each of ${shown.length} agents, its hits from the operator's published addresses, from an operator that publishes none, and from elsewhere (spoofed): ${spoofed} spoofed in all.`}</desc>
${bars}
</svg>
${legend([
  ['verified', 'Verified: from the operator’s published ranges'],
  ['unverifiable', 'Unverifiable: the operator publishes no ranges'],
  ['spoofed', 'Spoofed: claims the agent from elsewhere'],
])}
<details><summary>The numbers as a table</summary>${tableRegion(title, html`<table><thead><tr><th scope="col">Agent</th><th scope="col" class="num">Verified</th><th scope="col" class="num">Unverifiable</th><th scope="col" class="num">Spoofed</th></tr></thead><tbody>${rows}</tbody></table>`)}</details>
</figure>`;
}
