/** Batch scans: the form (paste or upload), the account's jobs, one job's progress and results. */

import type { BatchStatusResponse, CreateBatchResponse } from '#shared/domain/batch/schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formTextArea } from '#shared/surfaces/dashboard/form-kit/render';
import { BATCH_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { badge, tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';

export interface JobListEntry {
  id: string;
  status: string;
  total: number;
  created_at: string;
}

export interface BatchesView {
  viewer: Viewer;
  jobs: readonly JobListEntry[];
  quota: { plan: string; perBatch: number; perDay: number; usedToday: number } | { ended: string };
  /** The list as sent and its refusal, when the form came back. */
  form?: FormState;
  rejected?: readonly { domain: string; reason: string }[];
}

function rejectedList(rejected: readonly { domain: string; reason: string }[]): Html {
  if (rejected.length === 0) return html``;
  const rows = rejected.map(
    (entry) => html`<tr><td>${entry.domain}</td><td>${entry.reason}</td></tr>`,
  );
  return html`<h2>Rejected (${rejected.length})</h2>${tableRegion('Rejected entries', html`<table><thead><tr><th scope="col">Entry</th><th scope="col">Why</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function quotaLine(quota: BatchesView['quota']): Html {
  if ('ended' in quota) return html`<p class="muted">${quota.ended}</p>`;
  const plan = quota.plan.charAt(0).toUpperCase() + quota.plan.slice(1);
  return html`<p class="muted">${plan} plan: at most ${quota.perBatch} domains per batch and ${quota.perDay} per UTC day; ${quota.usedToday} queued today.</p>`;
}

function jobsTable(jobs: readonly JobListEntry[]): Html {
  if (jobs.length === 0) return html`<p>No batches yet.</p>`;
  const rows = jobs.map(
    (job) =>
      html`<tr><td><a href="${DASHBOARD_PATHS.batch(job.id)}">Batch of ${job.total}<span class="sr-only"> created ${job.created_at}</span></a></td><td>${badge(job.status)}</td><td>${timeTag(job.created_at)}</td></tr>`,
  );
  return tableRegion(
    'Recent batches',
    html`<table><thead><tr><th scope="col">Batch</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function batchesPage(view: BatchesView): Html {
  return dashboardLayout({
    title: 'Batches',
    section: 'batches',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.batches,
    body: html`<h1>Batch scans</h1>
<p class="lead">Scan many sites at once: paste one domain or URL per line, or upload a text or CSV file (first column). Valid entries are queued at once; the others are listed with the reason.</p>
${quotaLine(view.quota)}
${formErrorBox(BATCH_FORM, view.form)}${rejectedList(view.rejected ?? [])}
${
  viewerCan(view.viewer, 'scans:write')
    ? html`<form class="stack" method="post" action="${DASHBOARD_PATHS.batches}">
${csrfField(view.viewer)}
${formTextArea(BATCH_FORM, view.form, 'domains', { rows: 8 })}
<div class="field" hidden><label for="f-upload">Or upload a list (.txt or .csv)</label>
<input type="file" id="f-upload" accept=".txt,.csv,text/plain,text/csv" data-fill="f-domains"></div>
<div class="actions"><button type="submit">Queue the batch</button></div>
</form>`
    : html`<p class="muted">Your role in this account reads only: queueing batches needs a member's role.</p>`
}
<h2>Recent batches</h2>
${jobsTable(view.jobs)}`,
  });
}

/** "Batch done: 12 domains": the heading follows the job's status, live while it runs. */
function batchTitle(status: BatchStatusResponse): Html {
  const total = status.job.counts.total;
  const word = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' }[
    status.job.status
  ];
  return html`<h1 id="batch-title" data-live>Batch ${word ?? status.job.status}: ${total} domain${total === 1 ? '' : 's'}</h1>`;
}

function duplicatesList(duplicates: readonly { input: string; domain: string }[]): Html {
  if (duplicates.length === 0) return html``;
  const items = duplicates.map(
    (entry) => html`<li>${entry.input}: the same site as ${entry.domain}, scanned once</li>`,
  );
  return html`<h2>Counted once (${duplicates.length})</h2><p>These lines name a domain listed before them:</p><ul>${items}</ul>`;
}

function progressSection(status: BatchStatusResponse, live: boolean): Html {
  const { counts } = status.job;
  const finished = counts.done + counts.failed;
  const running = status.job.status === 'queued' || status.job.status === 'running';
  const poll =
    live && running
      ? html` data-poll="2" data-poll-src="${DASHBOARD_PATHS.batch(status.job.id)}"`
      : '';
  return html`<section id="job-progress" data-live${poll} data-done-text="Batch ${status.job.status}: ${counts.done} done, ${counts.failed} failed.">
<p>Status ${badge(status.job.status)} · ${finished} of ${counts.total} finished (${counts.done} done, ${counts.failed} failed, ${counts.queued} waiting)</p>
<label for="job-bar" class="sr-only">Domains finished</label>
<progress id="job-bar" max="${counts.total}" value="${finished}">${finished} of ${counts.total}</progress>
${running ? html`<p class="muted">Scans run a few at a time. <a href="${DASHBOARD_PATHS.batch(status.job.id)}">Reload</a> to update (with JavaScript this part updates by itself).</p>` : html`<p>Finished ${timeTag(status.job.finished_at)}.</p>`}
</section>`;
}

function resultsTable(status: BatchStatusResponse): Html {
  const rows = status.results.map(
    (row) =>
      html`<tr><td>${row.domain}</td><td>${badge(row.status)}</td><td class="num">${row.score ?? '–'}</td><td>${row.scan_id ? html`<a href="${DASHBOARD_PATHS.scan(row.scan_id)}">Result<span class="sr-only"> for ${row.domain}</span></a>` : (row.error ?? '–')}</td></tr>`,
  );
  return html`<div id="job-results" data-live>${tableRegion(
    'Batch results',
    html`<table><thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col" class="num">Score</th><th scope="col">Result or error</th></tr></thead><tbody>${rows}</tbody></table>`,
  )}</div>`;
}

/** What the request did not queue, kept with the job (the lists after a reload). */
export interface SortedEntries {
  rejected: readonly { domain: string; reason: string }[];
  duplicates: readonly { input: string; domain: string }[];
}

export function batchJobPage(
  viewer: Viewer,
  status: BatchStatusResponse,
  sorted: SortedEntries = { rejected: [], duplicates: [] },
): Html {
  return dashboardLayout({
    title: 'Batch',
    section: 'batches',
    viewer,
    body: html`<p><a href="${DASHBOARD_PATHS.batches}">← All batches</a></p>
${batchTitle(status)}
<p class="muted">Created ${timeTag(status.job.created_at)} · job <code>${status.job.id}</code></p>
${progressSection(status, true)}
<p><a class="button secondary" href="${DASHBOARD_PATHS.batchCsv(status.job.id)}" download>Download results (CSV)</a></p>
${sorted.rejected.length ? rejectedList(sorted.rejected) : ''}
${duplicatesList(sorted.duplicates)}
<h2>Results</h2>
${resultsTable(status)}`,
  });
}

/** The answer to the form: what was accepted and rejected, and the job's live progress. */
export function batchCreatedPage(
  viewer: Viewer,
  created: CreateBatchResponse,
  status: BatchStatusResponse,
  duplicates: readonly { input: string; domain: string }[] = [],
): Html {
  const accepted = created.accepted.map((domain) => html`<li>${domain}</li>`);
  return dashboardLayout({
    title: `Batch ${status.job.status}`,
    section: 'batches',
    viewer,
    replaceUrl: DASHBOARD_PATHS.batch(created.job.id),
    body: html`<p><a href="${DASHBOARD_PATHS.batches}">← All batches</a></p>
${batchTitle(status)}
<div class="notice" role="status">${created.accepted.length} accepted, ${created.rejected.length} rejected${duplicates.length ? `, ${duplicates.length} counted once` : ''}. ${created.limits.used_today} of ${created.limits.per_day} domains queued today on the ${created.limits.plan} plan.</div>
<p class="muted">This page’s address is the batch’s own: come back to it at any time for the results.</p>
<p class="actions"><a class="button secondary" href="${DASHBOARD_PATHS.batchCsv(created.job.id)}" download>Download results (CSV)</a></p>
${progressSection(status, true)}
<div class="grid2"><section><h2>Accepted (${created.accepted.length})</h2><ul>${accepted}</ul></section>
<section>${created.rejected.length ? rejectedList(created.rejected) : html`<h2>Rejected (0)</h2><p>None.</p>`}</section></div>
${duplicatesList(duplicates)}
<h2>Results</h2>
${resultsTable(status)}`,
  });
}
