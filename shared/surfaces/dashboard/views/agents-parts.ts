/**
 * The Agents tab's tables and forms (agents-page.ts): the agents, the never-fetched pages, the
 * conflicts linked to the latest scan's robots.txt findings, the uploads (refreshed live while
 * one is processed), the upload form with its progress, and how to export logs.
 */

import type { AgentRow, Conflict } from '#shared/domain/agent-logs/report';
import type { GetAgentLogResponse } from '#shared/domain/agent-logs/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { badge, tableRegion, timeTag } from './components.ts';
import { csrfField, type Viewer } from './layout.ts';

/** One upload as the tab lists it (`get_agent_log`'s view). */
export type UploadView = GetAgentLogResponse['ingest'];

const PURPOSES: Record<string, string> = {
  training: 'training',
  search: 'search',
  user: 'a person’s request',
  other: 'other',
};

export function agentsTable(agents: readonly AgentRow[]): Html {
  const rows = agents.map(
    (row) =>
      html`<tr><th scope="row"><code>${row.agent}</code></th><td>${row.operator}</td><td>${PURPOSES[row.purpose] ?? row.purpose}</td><td class="num">${row.hits}</td><td class="num">${row.verified_hits}</td><td class="num">${row.spoofed_hits}</td><td class="num">${row.unique_paths}</td><td class="num">${row.status['2xx']} / ${row.status['3xx']} / ${row.status['4xx']} / ${row.status['5xx']}</td><td>${timeTag(row.last_seen)}</td><td>${joinHtml(
        row.top_paths.slice(0, 3).map((top) => html`<code>${top.path}</code> (${top.hits})`),
        ', ',
      )}</td></tr>`,
  );
  return tableRegion(
    'Agents',
    html`<table><thead><tr><th scope="col">Agent</th><th scope="col">Operator</th><th scope="col">Fetches for</th><th scope="col" class="num">Hits</th><th scope="col" class="num">Verified</th><th scope="col" class="num">Spoofed</th><th scope="col" class="num">Paths</th><th scope="col" class="num">2xx / 3xx / 4xx / 5xx</th><th scope="col">Last seen</th><th scope="col">Top paths</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function neverFetchedList(paths: readonly string[]): Html {
  if (paths.length === 0) {
    return html`<p>Every page of the latest scan’s sitemap was fetched by a verified agent in this period (or the scan found no sitemap).</p>`;
  }
  const shown = paths.slice(0, 100);
  return html`<p class="muted">Pages of the latest scan’s sitemap that no verified AI agent got in this period: ${paths.length}.</p>
<ul>${shown.map((path) => html`<li><code>${path}</code></li>`)}</ul>${paths.length > shown.length ? html`<p class="muted">And ${paths.length - shown.length} more (the API lists them all).</p>` : ''}`;
}

export function conflictsTable(conflicts: readonly Conflict[], scanId: string | undefined): Html {
  if (conflicts.length === 0) {
    return html`<p>No agent was refused where robots.txt lets it in.</p>`;
  }
  const findings = scanId
    ? html`<a href="/scans/${scanId}#check-crawler">the latest scan’s robots.txt findings</a>`
    : 'the latest scan';
  const rows = conflicts.map(
    (conflict) =>
      html`<tr><th scope="row"><code>${conflict.agent}</code></th><td><code>${conflict.path}</code></td><td class="num">${conflict.status}</td><td>${conflict.robots}</td></tr>`,
  );
  return html`<p class="muted">The site answered these agents with a refusal or an error although its robots.txt allows them there: a firewall or bot rule contradicting the site’s own policy. Compare with ${findings}.</p>
${tableRegion('Conflicts', html`<table><thead><tr><th scope="col">Agent</th><th scope="col">Path</th><th scope="col" class="num">Status</th><th scope="col">robots.txt</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

const STATUS_TEXT: Record<string, string> = {
  queued: 'queued',
  processing: 'processing',
  done: 'done',
  failed: 'failed',
};

/** The recent uploads; refreshed live while one is queued or processed. */
export function uploadsTable(uploads: readonly UploadView[]): Html {
  const open = uploads.some(
    (upload) => upload.status === 'queued' || upload.status === 'processing',
  );
  const rows = uploads.map(
    (upload) =>
      html`<tr><td>${timeTag(upload.created_at)}</td><td>${badge(upload.status === 'processing' ? 'running' : upload.status, STATUS_TEXT[upload.status])}</td><td>${upload.format}</td><td class="num">${upload.bytes}</td><td class="num">${upload.lines ?? '–'}</td><td class="num">${upload.parsed ?? '–'}</td><td class="num">${upload.skipped ?? '–'}</td><td>${
        upload.error
          ? upload.error
          : upload.agents.length
            ? joinHtml(
                upload.agents.map((agent) => html`<code>${agent}</code>`),
                ', ',
              )
            : '–'
      }</td></tr>`,
  );
  return html`<div id="uploads" data-live${open ? html` data-poll="2"` : html` data-done-text="Every upload is processed."`}>
${tableRegion('Uploads', html`<table><thead><tr><th scope="col">Uploaded</th><th scope="col">Status</th><th scope="col">Format</th><th scope="col" class="num">Bytes</th><th scope="col" class="num">Lines</th><th scope="col" class="num">Read</th><th scope="col" class="num">Skipped</th><th scope="col">Agents found, or why it failed</th></tr></thead><tbody>${rows}</tbody></table>`)}
</div>`;
}

export function uploadForm(viewer: Viewer, domain: string): Html {
  const formats: [string, string][] = [
    ['auto', 'Recognise it'],
    ['combined', 'Apache or nginx (combined)'],
    ['cloudfront', 'CloudFront standard log'],
    ['jsonl', 'Cloudflare Logpush (JSON lines)'],
  ];
  return html`<section aria-labelledby="upload-h"><h2 id="upload-h">Upload an access log</h2>
<p class="muted">Text or gzip, at most 6 MB (200 MB once expanded): upload a large log in parts. The same file twice is counted once. No line and no address is kept.</p>
<form method="post" action="${DASHBOARD_PATHS.domainAgentLogs(domain)}" enctype="multipart/form-data" data-log-upload>
${csrfField(viewer)}
<div class="field"><label for="log-file">Log file</label><input type="file" id="log-file" name="file" required accept=".log,.txt,.gz,.json,.jsonl,text/plain,application/gzip,application/x-gzip"></div>
<div class="field"><label for="log-format">Format</label><select id="log-format" name="format">${formats.map(
    ([value, label]) => html`<option value="${value}">${label}</option>`,
  )}</select></div>
<div class="actions"><button type="submit">Upload</button></div>
<div id="upload-status" class="card live" role="status" hidden><progress id="upload-progress" max="100" value="0" aria-label="Upload progress"></progress><p id="upload-text">Uploading…</p></div>
</form></section>`;
}

/** How to get access logs out of the three places most sites have them. */
export function exportHelp(): Html {
  return html`<section aria-labelledby="export-h" class="grid2"><h2 id="export-h" class="sr-only">How to export access logs</h2>
<div class="card"><h3>nginx (or Apache)</h3><p>The default <code>combined</code> format is read as it is: upload <code>/var/log/nginx/access.log</code> (or a rotated <code>access.log.2.gz</code>). In nginx the line is <code>access_log /var/log/nginx/access.log combined;</code>; in Apache, <code>CustomLog logs/access_log combined</code>.</p></div>
<div class="card"><h3>Amazon CloudFront</h3><p>In the distribution's <em>Logging</em> settings, turn on standard logs to an S3 bucket (W3C format). Download the <code>.gz</code> files from the bucket and upload them unchanged: their <code>#Fields</code> line says how to read them.</p></div>
<div class="card"><h3>Cloudflare</h3><p>Create a Logpush job for <em>HTTP requests</em> to R2 or S3 with at least <code>ClientIP</code>, <code>ClientRequestUserAgent</code>, <code>ClientRequestPath</code>, <code>EdgeResponseStatus</code>, <code>EdgeResponseBytes</code> and <code>EdgeStartTimestamp</code>; upload the <code>.log.gz</code> files it writes.</p></div>
</section>`;
}
