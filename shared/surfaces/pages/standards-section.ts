/**
 * The `#standards` section of the docs page: the scan engine's standards registry (each with
 * the revision judged against) and the dated drift log (docs/scan-engine.md "Standards").
 * Also rendered as markdown for `/docs` with `Accept: text/markdown`.
 */

import { STANDARDS, standardEntry } from '#shared/domain/scan-engine/standards';
import { DRIFT_LOG } from '#shared/domain/scan-engine/standards-drift';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';

export function standardsSection(): Html {
  const rows = STANDARDS.map(
    (entry) =>
      html`<tr id="standard-${entry.id}"><td><a href="${entry.url}">${entry.name}</a></td><td>${entry.revision}</td><td>${entry.date}</td><td>${entry.status}</td><td>${entry.scope}</td><td>${entry.checked}</td></tr>`,
  );
  const drift = DRIFT_LOG.map(
    (entry) =>
      html`<li><strong><time datetime="${entry.changed}">${entry.changed}</time></strong> (${entry.standards.map((id) => standardEntry(id).name).join('; ')}; followed ${entry.followed}): ${entry.what} <em>Scan:</em> ${entry.judgement}</li>`,
  );
  return html`<h2 id="standards">Standards</h2>
<p>Every finding of a scan names the standard and revision it is judged against (<code>standard</code>:
<code>{name, url, revision}</code>). Status: final, draft or deprecated (a deprecated form is still
credited, with a finding naming the current one).</p>
<table><thead><tr><th>Standard</th><th>Revision</th><th>Dated</th><th>Status</th><th>What the scan reads</th><th>Re-read</th></tr></thead>
<tbody>${joinHtml(rows, '\n')}</tbody></table>
<h3 id="drift">Drift log</h3>
<p>What changed in a standard, when, and how the scan's judgement changed with it. None of these
changed a check's point table, so scans stay at <code>scoring_version</code> 2.</p>
<ul>${joinHtml(drift, '\n')}</ul>`;
}

/** The same registry and log as markdown (docs page in markdown). */
export function standardsMarkdown(): string {
  const rows = STANDARDS.map(
    (entry) =>
      `| [${entry.name}](${entry.url}) | ${entry.revision} | ${entry.date} | ${entry.status} | ${entry.scope} |`,
  );
  const drift = DRIFT_LOG.map(
    (entry) =>
      `- **${entry.changed}** (${entry.standards.map((id) => standardEntry(id).name).join('; ')}): ${entry.what} Scan: ${entry.judgement}`,
  );
  return [
    '## Standards',
    '',
    '| Standard | Revision | Dated | Status | What the scan reads |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '### Drift log',
    '',
    ...drift,
  ].join('\n');
}
