/**
 * Small pieces that show change over time (docs/dashboard.md "Scan history"): an inline SVG
 * sparkline with its numbers as the text alternative, a signed change, a per-check diff in words.
 */
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';

const SPARK_WIDTH = 96;
const SPARK_HEIGHT = 28;
const PAD = 3;

/** Smallest span of scores the line is drawn over, so a change of a point or two stays small. */
const MIN_SPAN = 20;

/**
 * The scores' own range, widened to at least MIN_SPAN points around their middle and kept
 * within 0 and `max`: 47, 59, 54 is drawn over 42 to 64, so its rise and fall are visible
 * instead of a flat line at the middle of 0 to 100.
 */
export function trendScale(scores: readonly number[], max = 100): { low: number; high: number } {
  const lowest = Math.min(...scores);
  const highest = Math.max(...scores);
  const span = Math.min(max, Math.max(MIN_SPAN, highest - lowest + 10));
  const middle = (lowest + highest) / 2;
  const low = Math.round(Math.min(Math.max(0, middle - span / 2), max - span));
  return { low, high: low + span };
}

/**
 * Scores (0-100, oldest first) as a line over their own range (`trendScale`), which the label
 * states with the numbers, so a screen reader hears the trend rather than a picture of it; one
 * point is a dot.
 */
export function sparkline(scores: readonly number[], subject: string, max = 100): Html {
  if (scores.length === 0) return html`<span class="muted">–</span>`;
  const { low, high } = trendScale(scores, max);
  const label = `Score trend of ${subject}, oldest first: ${scores.join(', ')} (drawn from ${low} at the bottom to ${high} at the top)`;
  const step = scores.length > 1 ? (SPARK_WIDTH - 2 * PAD) / (scores.length - 1) : 0;
  // The latest score is always at the right end; a single score is a dot there.
  const start = scores.length > 1 ? PAD : SPARK_WIDTH - PAD;
  const y = (score: number) =>
    Math.round(
      (PAD +
        (1 - (Math.min(high, Math.max(low, score)) - low) / (high - low)) *
          (SPARK_HEIGHT - 2 * PAD)) *
        10,
    ) / 10;
  const points = scores.map(
    (score, index) => `${Math.round((start + index * step) * 10) / 10},${y(score)}`,
  );
  const last = points[points.length - 1]?.split(',') ?? ['0', '0'];
  const line =
    scores.length > 1
      ? html`<polyline fill="none" stroke="#1f5fbf" stroke-width="2" stroke-linejoin="round" points="${points.join(' ')}"/>`
      : '';
  return html`<svg class="spark" role="img" aria-label="${label}" width="${SPARK_WIDTH}" height="${SPARK_HEIGHT}" viewBox="0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}"><title>${label}</title><line x1="0" x2="${SPARK_WIDTH}" y1="${SPARK_HEIGHT - 1}" y2="${SPARK_HEIGHT - 1}" stroke="#d5dae1"/>${line}<circle cx="${last[0]}" cy="${last[1]}" r="3" fill="#1b1b1b"/></svg>`;
}

/** "+5", "−3", "±0" with words for screen readers; "first scan" when there is nothing before. */
export function changeTag(change: number | null, firstText = 'first scan'): Html {
  if (change === null) return html`<span class="muted chg">${firstText}</span>`;
  if (change === 0)
    return html`<span class="chg same">±0<span class="sr-only"> (no change)</span></span>`;
  const up = change > 0;
  return html`<span class="chg ${up ? 'up' : 'down'}"><span aria-hidden="true">${up ? '▲ +' : '▼ −'}${Math.abs(change)}</span><span class="sr-only">${up ? 'up' : 'down'} ${Math.abs(change)} points</span></span>`;
}

/** The checks by id as a person reads them (the scan result names them in full). */
export const CHECK_NAMES: Readonly<Record<string, string>> = {
  crawler: 'AI crawler access',
  sitemap: 'Sitemap',
  render: 'Readable without JavaScript',
  llms: 'llms.txt',
  markdown: 'Markdown for agents',
  schema: 'Structured data',
  api: 'API discovery',
  agent: 'Agent endpoints',
  entity: 'Entity identity',
};

/**
 * "llms.txt +2, AI crawler access −4", each change coloured; "no check changed" for an empty
 * diff. Checks are named, never shown by their internal id.
 */
export function diffText(
  diff: readonly { check: string; change: number }[],
  previous: string | null,
): Html {
  if (previous === null) return html`<span class="muted">first scan of this domain</span>`;
  if (diff.length === 0) return html`<span class="muted">no check changed</span>`;
  return joinHtml(
    diff.map((entry) => {
      const points = Math.round(entry.change * 10) / 10;
      const sign = points > 0 ? '+' : '−';
      const name = CHECK_NAMES[entry.check] ?? entry.check;
      return html`<span class="chg ${points > 0 ? 'up' : 'down'}">${name} ${sign}${Math.abs(points)}</span>`;
    }),
    ', ',
  );
}
