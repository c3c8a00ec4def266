/**
 * The result page's pictures, drawn as inline SVG and plain HTML (no script, no image
 * requests): a half-circle score gauge and one bar per pillar. Each has its numbers in text
 * next to it, so the picture is decoration for screen readers except for the gauge's label.
 */
import { formatPoints, pointsText } from '#shared/domain/scan-engine/report-notes';
import type { Scan } from '#shared/domain/scans/schemas';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { scoreBand } from './badge.ts';

export const PILLARS: Readonly<Record<string, string>> = {
  R: 'Retrievable',
  E: 'Explainable',
  A: 'Actionable',
  D: 'Distributed',
};

const RADIUS = 80;
const CENTRE_X = 100;
const CENTRE_Y = 100;

/** The point on the gauge's arc at a share of 0..1, from the left end over the top. */
function arcPoint(share: number): string {
  const angle = Math.PI * (1 - share);
  const x = CENTRE_X + RADIUS * Math.cos(angle);
  const y = CENTRE_Y - RADIUS * Math.sin(angle);
  return `${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** A half-circle gauge filled to the score, the number in its middle. */
export function scoreGauge(score: number): Html {
  const share = Math.max(0, Math.min(100, score)) / 100;
  const band = scoreBand(score);
  const track = `M ${arcPoint(0)} A ${RADIUS} ${RADIUS} 0 0 1 ${arcPoint(1)}`;
  const fill = share === 0 ? '' : `M ${arcPoint(0)} A ${RADIUS} ${RADIUS} 0 0 1 ${arcPoint(share)}`;
  return html`<svg class="gauge" viewBox="0 0 200 118" role="img" aria-label="Score ${score} out of 100 (${band.name})">
<path d="${track}" fill="none" stroke="#d5dae1" stroke-width="18" stroke-linecap="round"/>
${fill ? html`<path d="${fill}" fill="none" stroke="${band.colour}" stroke-width="18" stroke-linecap="round"/>` : ''}
<text x="100" y="92" text-anchor="middle" font-size="40" font-weight="700" fill="#1b1b1b">${score}</text>
<text x="100" y="113" text-anchor="middle" font-size="13" fill="#444">out of 100</text>
</svg>`;
}

export interface PillarTotal {
  letter: string;
  name: string;
  score: number;
  max: number;
}

export function pillarTotals(scan: Scan): PillarTotal[] {
  return Object.entries(PILLARS).map(([letter, name]) => {
    const checks = scan.checks.filter((check) => check.pillar === letter);
    return {
      letter,
      name,
      score: checks.reduce((sum, check) => sum + check.score, 0),
      max: checks.reduce((sum, check) => sum + check.max, 0),
    };
  });
}

/** One labelled bar per pillar: the text says the numbers, the bar shows them. */
export function pillarBars(scan: Scan): Html {
  const rows = pillarTotals(scan).map((pillar) => {
    const percent = pillar.max === 0 ? null : Math.round((100 * pillar.score) / pillar.max);
    const figure =
      percent === null
        ? 'not applicable'
        : `${formatPoints(pillar.score)} of ${pointsText(pillar.max)}, ${percent}%`;
    const colour = percent === null ? '#767676' : scoreBand(percent).colour;
    return html`<li><span class="pillar-name">${pillar.letter} · ${pillar.name}</span>
<span class="pillar-figure">${figure}</span>
<span class="bar" aria-hidden="true"><span style="width:${percent ?? 0}%;background:${colour}"></span></span></li>`;
  });
  return html`<ul class="pillars">${joinHtml(rows, '\n')}</ul>`;
}
