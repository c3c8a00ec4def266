/**
 * The monitor's loop on the case pages (docs/dashboard.md "Case pages", issue 29): each change of
 * a run with its cause as a badge and the evidence that decided it, the canary panel per family
 * (the model ids served over time and how far the canary answers drifted), and the timeline of
 * the fixes of the brand's site with their verdicts.
 */

import type { RunCanary, SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import type { FixView } from '#shared/domain/monitor/fix-schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { badge, percent, tableRegion, timeTag } from './components.ts';

const FAMILY: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};
const familyName = (family: string) => FAMILY[family] ?? family;

const CAUSES: Record<SummaryChange['cause'], string> = {
  engine: 'The engine changed',
  competitors: 'Competitors moved',
  own_site: 'Your site changed',
  unexplained: 'Unexplained',
};

const VERDICTS: Record<FixView['verdict'], string> = {
  improved: 'Improved',
  no_change: 'No change',
  worse: 'Worse',
  too_early: 'Too early to tell',
};

function figureName(change: Pick<SummaryChange, 'metric' | 'family' | 'brand'>): string {
  if (change.metric === 'total_score') return 'Total score';
  if (change.metric === 'share_of_answer') return `Share of answer: ${change.brand ?? ''}`;
  if (change.metric === 'own_citation_rate') return 'Own citation rate';
  return `Mention rate (${familyName(change.family ?? '')})`;
}

/** A figure's value: points for the score, a percentage for a rate. */
function shownValue(metric: SummaryChange['metric'], value: number): string {
  return metric === 'total_score' ? String(Math.round(value)) : percent(value);
}

function changeText(change: SummaryChange): Html {
  const [low = 0, high = 0] = change.interval;
  const scale = (value: number) =>
    change.metric === 'total_score' ? value.toFixed(1) : `${(value * 100).toFixed(1)} points`;
  return html`${shownValue(change.metric, change.before)} → ${shownValue(change.metric, change.after)} <span class="muted">(95% range of the change: ${scale(low)} to ${scale(high)})</span>`;
}

function evidenceList(evidence: SummaryChange['evidence']): Html {
  const items = [
    ...evidence.models.map(
      (m) =>
        html`${familyName(m.family)} served <code>${m.after.join(', ')}</code>, before <code>${m.before.join(', ')}</code>`,
    ),
    ...evidence.canaries.map(
      (c) =>
        html`${familyName(c.family)} canaries: ${c.drift === null ? 'no earlier run to compare' : `drift ${percent(c.drift)} (95% range ${percent(c.interval?.[0] ?? 0)} to ${percent(c.interval?.[1] ?? 0)})`}`,
    ),
    ...evidence.scans.map(
      (s) =>
        html`Scan ${s.role} the change: <a href="/scans/${encodeURIComponent(s.scan_id)}">${s.scan_id}</a>, ${timeTag(s.created_at)}`,
    ),
    ...evidence.checks.map((c) => html`Check <code>${c.check}</code>: ${c.before} → ${c.after}`),
  ];
  return items.length > 0
    ? html`<ul class="small">${items.map((i) => html`<li>${i}</li>`)}</ul>`
    : html``;
}

/** Every change of a run with its cause, or why there is none to show. */
export function changesSection(changes: readonly SummaryChange[] | undefined): Html {
  if (changes === undefined) return html``;
  const intro = html`<p class="muted">Figures that moved beyond their noise band since the previous comparable run, each with the reason the monitor found: a model update, the competitors, your own site, or none it can see.</p>`;
  if (changes.length === 0) {
    return html`<section id="changes"><h3>What changed, and why</h3>${intro}<p>Nothing moved beyond its noise band since the previous comparable run (or there is none yet).</p></section>`;
  }
  const rows = changes.map(
    (change) =>
      html`<tr><th scope="row">${figureName(change)}</th><td class="chg">${changeText(change)}</td><td>${badge(`cause-${change.cause}`, CAUSES[change.cause])}</td><td>${change.evidence.text}${evidenceList(change.evidence)}</td></tr>`,
  );
  return html`<section id="changes"><h3>What changed, and why</h3>${intro}${tableRegion(
    'Changes and their causes',
    html`<table><thead><tr><th scope="col">Figure</th><th scope="col">Change</th><th scope="col">Cause</th><th scope="col">Evidence</th></tr></thead><tbody>${rows}</tbody></table>`,
  )}</section>`;
}

/** One finished run's canaries, for the panel. */
export interface CanaryPoint {
  label: string;
  canary: RunCanary | null;
}

function driftCell(entry: RunCanary['families'][keyof RunCanary['families']]): Html {
  if (!entry || entry.drift === null) return html`<td class="num">–</td>`;
  const [low = 0, high = 0] = entry.interval ?? [];
  const moved = low > 0.2 ? html` ${badge('cause-engine', 'moved')}` : '';
  return html`<td class="num">${percent(entry.drift)} <span class="muted">(${percent(low)}–${percent(high)})</span>${moved}</td>`;
}

/** Per family: the model ids served and the canary drift of each finished run, oldest first. */
export function canaryPanel(points: readonly CanaryPoint[]): Html {
  const withCanaries = points.filter((point) => point.canary !== null);
  if (withCanaries.length === 0) return html``;
  const families = [...new Set(withCanaries.flatMap((p) => Object.keys(p.canary?.families ?? {})))];
  const tables = families.map((family) => {
    const rows = withCanaries.map((point) => {
      const entry = point.canary?.families[family as keyof RunCanary['families']];
      return html`<tr><th scope="row">${point.label}</th><td>${entry?.served_models.join(', ') ?? '–'}</td><td class="num">${entry?.answers ?? 0}</td>${driftCell(entry)}</tr>`;
    });
    return html`<div>${tableRegion(
      `Canaries of ${familyName(family)}`,
      html`<table><caption>${familyName(family)}</caption><thead><tr><th scope="col">Run</th><th scope="col">Models served</th><th scope="col" class="num">Canary answers</th><th scope="col" class="num">Drift</th></tr></thead><tbody>${rows}</tbody></table>`,
    )}</div>`;
  });
  return html`<section id="canaries"><h2>Canaries: did the engines change?</h2>
<p class="muted">Every run also asks each model a few fixed control questions about long-established facts. Their answers should not move; when they do (drift above 20% with its whole range), or a model id changes, a change in your figures may be the engine's, not yours. Canaries never count in your scores.</p>
<div class="grid2">${tables}</div></section>`;
}

function fixFigures(fix: FixView): string {
  const shown = fix.figures.filter((f) => f.metric !== 'mention_rate');
  return shown
    .map((f) => {
      const name = f.metric === 'share_of_answer' ? 'Share of answer' : 'Own citation rate';
      const control = f.control
        ? `, competitors ${percent(f.control.before)} → ${percent(f.control.after)}`
        : '';
      return `${name}: ${percent(f.before)} → ${percent(f.after)}${control}`;
    })
    .join('; ');
}

/** The fixes of the brand's site, oldest first, each with its verdict. */
export function fixesTimeline(fixes: readonly FixView[] | null, caseId: string): Html {
  if (fixes === null) return html``;
  const intro = html`<p class="muted">Checks of your site that went from failing to passing in its scans, and whether the answers followed: the runs before and after each fix, with the competitors as a control. (The API serves the same as <code>GET /api/v1/cases/{id}/fixes</code>.)</p>`;
  if (fixes.length === 0) {
    return html`<section id="fixes"><h2>Did the fixes pay off?</h2>${intro}<p>No check of your site has gone from failing to passing in its scans yet. Fix what a scan names, scan again, and the next runs will tell.</p></section>`;
  }
  const items = fixes.map(
    (
      fix,
    ) => html`<li><p><strong>${timeTag(fix.fixed_at)}: ${fix.title}</strong> ${badge(`verdict-${fix.verdict}`, VERDICTS[fix.verdict])}</p>
<p class="small">${fix.reason} Before: ${fix.before.runs.length} runs, ${fix.before.answers} answers; after: ${fix.after.runs.length} runs, ${fix.after.answers} answers.${fix.engine_changed ? ' The engine changed between the two sides.' : ''}</p>
${fix.figures.length > 0 ? html`<p class="small">${fixFigures(fix)}</p>` : ''}
<p class="small"><a href="/scans/${encodeURIComponent(fix.scan_id)}">First passing scan</a> · <a href="/scans/${encodeURIComponent(fix.previous_scan_id)}">last failing scan</a> · <a href="${DASHBOARD_PATHS.case(caseId)}#case-runs">runs</a></p></li>`,
  );
  return html`<section id="fixes"><h2>Did the fixes pay off?</h2>${intro}<ol class="timeline">${items}</ol></section>`;
}
