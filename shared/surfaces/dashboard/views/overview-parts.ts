/**
 * The overview's "what changed" sections (docs/dashboard.md "Pages"): recent scans with their
 * change, each case's latest score and trend, batches in progress, failing webhook endpoints and
 * today's scans. Each section is empty-safe; the page shows "Get started" only for an empty account.
 */

import type { ListBatchesResponse } from '#shared/domain/batch/schemas';
import type { DomainEntry } from '#shared/domain/scans/history-schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { badge, caseVariant, tableRegion, timeTag } from './components.ts';
import type { Viewer } from './layout.ts';
import { domainsTable } from './scan-history.ts';
import { sparkline } from './trend.ts';

type BatchJob = ListBatchesResponse['jobs'][number];

export interface CaseTrend {
  id: string;
  name: string;
  domain: string;
  region: string;
  languages: readonly string[];
  latest_score: number | null;
  last_run_at: string | null;
  /** Scores of finished runs, oldest first. */
  scores: number[];
}

export interface FailingEndpoint {
  id: string;
  url: string;
  label: string | null;
  /** Why it is listed, in words. */
  reason: string;
  since: string | null;
}

export interface Overview {
  recent: readonly DomainEntry[];
  /** null: the account has no Monitor account (no cases section). */
  cases: readonly CaseTrend[] | null;
  batches: readonly BatchJob[];
  failing: readonly FailingEndpoint[];
  scansToday: { count: number; capped: boolean };
}

/** True when the account has nothing to show yet: the page then offers "Get started". */
export function isEmptyOverview(overview: Overview): boolean {
  return (
    overview.recent.length === 0 &&
    (overview.cases ?? []).length === 0 &&
    overview.batches.length === 0 &&
    overview.failing.length === 0
  );
}

export function recentScansSection(viewer: Viewer, recent: readonly DomainEntry[]): Html {
  if (recent.length === 0) return html``;
  return html`<section><h2 id="recent-h">Recent scans</h2>
<p class="muted">The domains scanned last, each with its change since the scan before. <a href="${DASHBOARD_PATHS.scans}">All scanned domains</a></p>
${domainsTable(viewer, recent, { rescan: false, label: 'Recent scans' })}</section>`;
}

export function casesSection(cases: readonly CaseTrend[] | null): Html {
  if (cases === null || cases.length === 0) return html``;
  const rows = cases.map(
    (entry) =>
      html`<tr><th scope="row"><a href="${DASHBOARD_PATHS.case(entry.id)}">${entry.name}</a><br><span class="muted">${[entry.domain, caseVariant(entry)].filter(Boolean).join(' · ')}</span></th><td class="num">${entry.latest_score ?? '–'}</td><td>${entry.scores.length > 0 ? sparkline(entry.scores, entry.name) : html`<span class="muted">no finished run yet</span>`}</td><td>${timeTag(entry.last_run_at)}</td></tr>`,
  );
  return html`<section><h2 id="cases-h">Cases</h2>
<p class="muted">Each case's latest score and the scores of its last finished runs. <a href="${DASHBOARD_PATHS.cases}">All cases</a></p>
${tableRegion('Cases', html`<table><thead><tr><th scope="col">Case</th><th scope="col" class="num">Latest score</th><th scope="col">Trend</th><th scope="col">Last run</th></tr></thead><tbody>${rows}</tbody></table>`)}</section>`;
}

export function batchesSection(batches: readonly BatchJob[]): Html {
  if (batches.length === 0) return html``;
  const rows = batches.map((job) => {
    const finished = job.counts.done + job.counts.failed;
    return html`<tr><td><a href="${DASHBOARD_PATHS.batch(job.id)}">Batch of ${timeTag(job.created_at)}</a></td><td>${badge(job.status)}</td><td><progress max="${job.counts.total}" value="${finished}" aria-label="Batch of ${job.created_at}: ${finished} of ${job.counts.total} done">${finished} of ${job.counts.total}</progress> <span class="muted">${finished} of ${job.counts.total}</span></td></tr>`;
  });
  return html`<section><h2 id="batches-h">Batches in progress</h2>
${tableRegion('Batches in progress', html`<table><thead><tr><th scope="col">Batch</th><th scope="col">Status</th><th scope="col">Progress</th></tr></thead><tbody>${rows}</tbody></table>`)}</section>`;
}

export function failingSection(failing: readonly FailingEndpoint[]): Html {
  if (failing.length === 0) return html``;
  const items = failing.map(
    (endpoint) =>
      html`<li><strong>${endpoint.label ?? endpoint.url}</strong>${endpoint.label ? html` <span class="muted">${endpoint.url}</span>` : ''}: ${endpoint.reason}${endpoint.since ? html` (${timeTag(endpoint.since)})` : ''}</li>`,
  );
  return html`<section><h2 id="failing-h">Webhook endpoints failing</h2>
<div class="error"><ul>${items}</ul><p><a href="${DASHBOARD_PATHS.webhooks}">Open the webhooks page</a> to see the attempts and send again.</p></div></section>`;
}

export function scansTodayCard(today: Overview['scansToday']): Html {
  return html`<section class="card" aria-labelledby="scans-today-h"><h2 id="scans-today-h">Scans today</h2>
<p class="big">${today.count}${today.capped ? '+' : ''}</p>
<p class="muted">Scans made for this account since 00:00 UTC (keys, batches, this dashboard). Scans with a key have no daily limit; batches count against the batch quota.</p></section>`;
}
