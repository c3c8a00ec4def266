/**
 * The parts of the result page that set a scan in context (issue 37): where it ran and what
 * stood in its way (`environment`), and, beside each check a person compares, what Lighthouse
 * would say (`peers.lighthouse`). Scans stored before these fields existed show neither.
 */
import type { Scan } from '#shared/domain/scans/schemas';
import { type Html, html } from '#shared/surfaces/http/html';
import { DOCS_PATH } from '#shared/surfaces/http/meta';

type Verdict = 'pass' | 'warn' | 'fail' | 'na';

const VERDICT_WORDS: Record<Verdict, string> = {
  pass: 'passes',
  warn: 'warns (0.9)',
  fail: 'fails',
  na: 'not applicable',
};

/** The Lighthouse audits a person compares with each of our checks. */
const AUDITS_BESIDE: Record<string, readonly string[]> = {
  llms: ['llms-txt'],
  agent: ['ard-schema', 'webmcp-form-coverage'],
};

/** "Lighthouse would say" beside a check, or nothing when no audit sits beside it. */
export function lighthouseBeside(scan: Scan, checkId: string): Html | string {
  const lighthouse = scan.peers?.lighthouse;
  const ids = AUDITS_BESIDE[checkId];
  if (lighthouse === undefined || ids === undefined) return '';
  const items = ids.map((id) => {
    const verdict = lighthouse.audits[id as keyof typeof lighthouse.audits] as Verdict | undefined;
    const reason = lighthouse.not_judged[id];
    const said =
      verdict !== undefined
        ? html`<span class="badge peer-${verdict}">${VERDICT_WORDS[verdict]}</span>`
        : html`<span class="muted">not computed${reason ? `: ${reason}` : ''}</span>`;
    return html`<li><code>${id}</code> ${said}</li>`;
  });
  return html`<div class="peers"><p><strong>Lighthouse would say</strong> (Lighthouse ${lighthouse.version}, Agentic Browsing; <a href="${DOCS_PATH}#peers">how we compute it</a>):</p><ul>${items}</ul></div>`;
}

/** Where the scan ran and what stood in its way. */
export function environmentSection(scan: Scan): Html | string {
  const environment = scan.environment;
  if (environment === undefined) return '';
  const wall = environment.blocked_by;
  const place =
    environment.scanned_from === 'local' ? 'a local machine' : `AWS ${environment.scanned_from}`;
  const partial = environment.partial_checks;
  return html`<section id="environment" aria-labelledby="environment-title">
<h2 id="environment-title">Where this scan ran</h2>
<ul>
<li>Scanned from <strong>${place}</strong> as <code>${environment.user_agent || 'the scanner'}</code>${environment.signed ? html`, every request signed (<a href="${DOCS_PATH}#scanner">Web Bot Auth</a>)` : ''}.</li>
<li>${wall === null ? 'Nothing stood in the way: the site itself answered.' : html`Blocked by <strong>${wall.by}</strong> at <code>${wall.url}</code> (${wall.evidence}). What it stood in front of is not judged, never counted against the site.`}</li>
${environment.paywalled ? html`<li>Paywalled for agents: some page answered HTTP 402 and asked for payment; paid pages are not broken pages.</li>` : ''}
${partial.length > 0 ? html`<li>Judged on fewer pages than planned: ${partial.map((id, index) => html`${index > 0 ? ', ' : ''}<a href="#check-${id}">${id}</a>`)}.</li>` : ''}
</ul>
</section>`;
}
