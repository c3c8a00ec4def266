/**
 * The sheets of the report page after the scores (report-page.ts): share of answer against the
 * competitors, what changed and why, the most cited pages, and the fixes of the brand's site with
 * their verdicts. Each is one `section.sheet`, a printed page of its own.
 */
import { alertText, CAUSE_TEXTS } from '#shared/domain/alerts/texts';
import type { ReportData } from '#shared/domain/reports/operations';
import { type Html, html } from '#shared/surfaces/http/html';

const FAMILY_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};

export function familyName(family: string): string {
  return FAMILY_NAMES[family] ?? family;
}

export function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

/** Most cited pages and domains the report lists. */
const LISTED = 10;

export function shareSheet(data: ReportData): Html {
  const summary = data.summary.summary;
  const entries = [...summary.share_of_answer].sort((a, b) => b.share - a.share);
  const items = entries.map((entry) => {
    const interval = summary.intervals.share_of_answer[entry.name];
    const range = interval
      ? ` (95 % interval ${percent(interval.lower)} to ${percent(interval.upper)})`
      : '';
    const width = Math.round(entry.share * 1000) / 10;
    return html`<li class="${entry.is_self ? 'self' : 'rival'}"><span class="name">${entry.name}${entry.is_self ? ' (you)' : ''}</span><span>${percent(entry.share)}${range}</span><svg class="bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="100" height="4" class="track"/><rect width="${width}" height="4" class="fill"/></svg></li>`;
  });
  return html`<section class="sheet" aria-labelledby="share"><h2 id="share">Share of answer against the competitors</h2>
<p>Of the times the models named the brand or one of its tracked competitors in answers to questions that do not name the brand, the share each one got.</p>
${entries.length > 0 ? html`<ul class="bars">${items}</ul>` : html`<p class="muted">No brand was named in these answers.</p>`}
</section>`;
}

export function changesSheet(data: ReportData): Html {
  const changes = data.summary.summary.changes ?? [];
  const items = changes.map((change) => {
    const text = alertText(
      { ...change, family: change.family ?? null, brand: change.brand ?? null },
      data.case.name,
    );
    return html`<li><span class="cause">${change.cause.replace('_', ' ')}</span> ${text}<br><span class="muted">${change.evidence.text}</span></li>`;
  });
  const none =
    data.summary.summary.delta.previous_run_id === null
      ? 'This is the first run of the case: changes are shown from the next run on.'
      : 'No figure moved beyond its noise band since the last comparable run.';
  const causes = Object.entries(CAUSE_TEXTS).map(
    ([cause, text]) => html`<li><strong>${cause.replace('_', ' ')}</strong>: ${text}</li>`,
  );
  return html`<section class="sheet" aria-labelledby="changes"><h2 id="changes">What changed and why</h2>
${changes.length > 0 ? html`<ul class="changes">${items}</ul>` : html`<p>${none}</p>`}
<details open><summary>What the causes mean</summary><ul>${causes}</ul></details>
</section>`;
}

export function citedSheet(data: ReportData): Html {
  const summary = data.summary.summary;
  const pages = data.citedPages
    .slice(0, LISTED)
    .map(
      (page) =>
        html`<li><a href="${page.url}" rel="noopener noreferrer nofollow">${page.url}</a> <span class="muted">cited in ${page.answers} answer${page.answers === 1 ? '' : 's'} by ${page.families.map(familyName).join(', ')}</span></li>`,
    );
  const domains = summary.top_cited_domains
    .slice(0, LISTED)
    .map(
      (domain) =>
        html`<tr><th scope="row">${domain.domain}</th><td data-label="Whose">${domain.is_self ? 'your site' : (domain.competitor ?? 'other')}</td><td class="num" data-label="Answers">${domain.answers}</td><td class="num" data-label="Share of citations">${percent(domain.share)}</td></tr>`,
    );
  return html`<section class="sheet" aria-labelledby="cited"><h2 id="cited">Most cited pages</h2>
<h3>Pages of ${data.case.domain} the answers cite</h3>
${pages.length > 0 ? html`<ul class="pages">${pages}</ul>` : html`<p class="muted">No answer of this run cites a page of ${data.case.domain}.</p>`}
<h3>Most cited sites</h3>
${
  domains.length > 0
    ? html`<table class="stack"><thead><tr><th scope="col">Site</th><th scope="col">Whose</th><th scope="col" class="num">Answers</th><th scope="col" class="num">Share of citations</th></tr></thead><tbody>${domains}</tbody></table>`
    : html`<p class="muted">The answers of this run cite no sources.</p>`
}
<p class="muted">Own citation rate: ${percent(summary.own_citation_rate)} of the answers with sources cite ${data.case.domain}.</p>
</section>`;
}

const VERDICTS: Record<string, string> = {
  improved: 'Improved',
  worse: 'Worse',
  no_change: 'No change',
  too_early: 'Too early to tell',
};

export function fixesSheet(data: ReportData): Html {
  if (data.fixes === null) {
    return html`<section class="sheet" aria-labelledby="fixes"><h2 id="fixes">Fixes and their verdicts</h2><p class="muted">The fixes could not be read just now.</p></section>`;
  }
  const items = [...data.fixes]
    .reverse()
    .map(
      (fix) =>
        html`<li><strong>${fix.title}</strong> on ${fix.domain}, fixed ${fix.fixed_at.slice(0, 10)}: <span class="cause">${VERDICTS[fix.verdict] ?? fix.verdict}</span><br><span class="muted">${fix.reason}</span></li>`,
    );
  return html`<section class="sheet" aria-labelledby="fixes"><h2 id="fixes">Fixes and their verdicts</h2>
<p>Checks of ${data.case.domain} that went from failing to passing in its scans, and whether the answers changed after them, net of what the competitors did.</p>
${items.length > 0 ? html`<ul class="fixes">${items}</ul>` : html`<p class="muted">No fix of the brand’s site has been seen in its scans yet.</p>`}
</section>`;
}
