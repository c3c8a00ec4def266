/**
 * The SVG score badge of a domain's latest scan (docs/decisions.md, issue 17): a flat two-part
 * label, "agent readiness | 72/100", coloured by band, or a grey "not scanned" when the domain
 * has no scan. Text widths are estimated from a fixed advance per character so the badge needs
 * no font metrics; every colour keeps white text at 4.5:1 or more.
 */
import { type Html, html } from '#shared/surfaces/http/html';

const LABEL = 'agent readiness';
const CHAR_WIDTH = 7;
const PADDING = 10;
const HEIGHT = 20;

/** The band of a score: the same thresholds as the gauge on the result page. */
export function scoreBand(score: number): { name: string; colour: string } {
  if (score >= 80) return { name: 'good', colour: '#1a7f37' };
  if (score >= 50) return { name: 'fair', colour: '#8a5a00' };
  return { name: 'poor', colour: '#b42318' };
}

const NEUTRAL = '#555555';
const LABEL_COLOUR = '#3d3d3d';

const widthOf = (text: string) => text.length * CHAR_WIDTH + 2 * PADDING;

function badgeSvg(value: string, colour: string, title: string): Html {
  const left = widthOf(LABEL);
  const right = widthOf(value);
  const total = left + right;
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${HEIGHT}" viewBox="0 0 ${total} ${HEIGHT}" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="${left}" height="${HEIGHT}" rx="3" fill="${LABEL_COLOUR}"/>
<rect x="${left}" width="${right}" height="${HEIGHT}" rx="3" fill="${colour}"/>
<rect x="${left - 3}" width="6" height="${HEIGHT}" fill="${colour}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
<text x="${left / 2}" y="14">${LABEL}</text>
<text x="${left + right / 2}" y="14">${value}</text>
</g>
</svg>
`;
}

/** The badge of a scanned domain: its score, never anything about another domain. */
export function scoreBadgeSvg(domain: string, score: number): Html {
  return badgeSvg(
    `${score}/100`,
    scoreBand(score).colour,
    `Agent readiness of ${domain}: ${score} out of 100`,
  );
}

/** The neutral badge of a domain with no scan (or a name that cannot be a domain). */
export function notScannedBadgeSvg(): Html {
  return badgeSvg('not scanned', NEUTRAL, 'Agent readiness: not scanned yet');
}
