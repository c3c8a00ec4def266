/**
 * The domain's Agents tab (docs/dashboard.md, docs/agent-logs.md "The dashboard"): which AI
 * agents fetched the site over a period (`get_domain_agents`) as a table and two charts, the
 * sitemap pages no verified agent fetched, the conflicts with robots.txt (each linking the latest
 * scan's findings), the recent uploads and the upload form; without uploads, how to export logs
 * from nginx, CloudFront and Cloudflare.
 */

import type { AgentReport } from '#shared/domain/agent-logs/report';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { dailyHitsChart, verificationChart } from './agents-charts.ts';
import {
  agentsTable,
  conflictsTable,
  exportHelp,
  neverFetchedList,
  type UploadView,
  uploadForm,
  uploadsTable,
} from './agents-parts.ts';
import { errorBox, notice, percent, type ShownError, tableRegion, timeTag } from './components.ts';
import { dashboardLayout, type Viewer } from './layout.ts';

export interface AgentsPageView {
  viewer: Viewer;
  domain: string;
  period: { from: string; to: string };
  report: AgentReport;
  uploads: readonly UploadView[];
  /** The latest scan of the domain (its result page holds the robots.txt findings). */
  latestScanId: string | undefined;
  notice?: string | undefined;
  error?: ShownError | undefined;
}

/** The domain page's two tabs: its scans and its agents. */
export function domainTabs(domain: string, current: 'scans' | 'agents'): Html {
  const tab = (id: 'scans' | 'agents', label: string, href: string) =>
    html`<li><a href="${href}"${id === current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="${domain}"><ul class="tabs">${tab('scans', 'Scans', DASHBOARD_PATHS.domain(domain))}${tab('agents', 'AI agents', DASHBOARD_PATHS.domainAgents(domain))}</ul></nav>`;
}

function periodForm(view: AgentsPageView): Html {
  return html`<form class="filters" method="get" action="${DASHBOARD_PATHS.domainAgents(view.domain)}" aria-label="Period">
<div class="field"><label for="p-from">From</label><input type="date" id="p-from" name="from" value="${view.period.from}"></div>
<div class="field"><label for="p-to">To</label><input type="date" id="p-to" name="to" value="${view.period.to}"></div>
<button type="submit" class="secondary">Show</button></form>`;
}

function cards(report: AgentReport): Html {
  const hits = report.agents.reduce((sum, row) => sum + row.hits, 0);
  const verified = report.agents.reduce((sum, row) => sum + row.verified_hits, 0);
  const spoofed = report.agents.reduce((sum, row) => sum + row.spoofed_hits, 0);
  const card = (id: string, title: string, value: string, note: string) =>
    html`<section class="card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2><p class="big">${value}</p><p class="muted">${note}</p></section>`;
  return html`<div class="cards">${[
    card('c-hits', 'Agent requests', String(hits), `${report.agents.length} agents`),
    card(
      'c-verified',
      'Verified',
      hits === 0 ? '–' : percent(verified / hits),
      `${verified} from the operators’ ranges`,
    ),
    card('c-spoofed', 'Spoofed', String(spoofed), 'claimed an agent from elsewhere'),
    card(
      'c-never',
      'Never fetched',
      String(report.never_fetched.length),
      'sitemap pages no verified agent got',
    ),
    card(
      'c-conflicts',
      'Conflicts',
      String(report.conflicts.length),
      'refusals robots.txt does not ask for',
    ),
  ]}</div>`;
}

function analytics(view: AgentsPageView): Html {
  const { report } = view;
  if (report.agents.length === 0) {
    return html`<p>No AI agent fetched the site in this period (in the logs uploaded so far).</p>`;
  }
  return html`${cards(report)}
<div class="charts">${dailyHitsChart(report.daily)}${verificationChart(report.agents)}</div>
<h2 id="agents-h">Agents</h2>
${agentsTable(report.agents)}
<h2 id="never-h">Never fetched</h2>
${neverFetchedList(report.never_fetched)}
<h2 id="conflicts-h">Conflicts with robots.txt</h2>
${conflictsTable(report.conflicts, view.latestScanId)}`;
}

export function agentsPage(view: AgentsPageView): Html {
  const empty = view.uploads.length === 0;
  const body = html`<p><a href="${DASHBOARD_PATHS.scans}">← All scanned domains</a></p>
<h1>AI agents on ${view.domain}</h1>
${domainTabs(view.domain, 'agents')}
${notice(view.notice)}${errorBox(view.error)}
${
  empty
    ? html`<p>Upload the site's access logs to see which AI agents fetched it, whether they were who they said, and what they got.</p>${exportHelp()}`
    : html`${periodForm(view)}\n${analytics(view)}\n<h2 id="uploads-h">Uploads</h2>\n${uploadsTable(view.uploads)}`
}
${uploadForm(view.viewer, view.domain)}
${empty ? '' : html`<details><summary>How to export access logs</summary>${exportHelp()}</details>`}`;
  return dashboardLayout({
    title: `AI agents on ${view.domain}`,
    section: 'agents',
    viewer: view.viewer,
    body,
  });
}

/**
 * The Agents section of the main navigation (issue 36 point 7): every scanned domain of the
 * account with the way to its Agents tab, where its access logs are uploaded and read.
 */
export function agentsIndexPage(view: {
  viewer: Viewer;
  domains: readonly { domain: string; last_scanned_at: string }[];
  next: string | null;
}): Html {
  const rows = view.domains.map(
    (entry) =>
      html`<tr><th scope="row"><a href="${DASHBOARD_PATHS.domainAgents(entry.domain)}">AI agents on ${entry.domain}</a></th><td>${timeTag(entry.last_scanned_at)}</td></tr>`,
  );
  const list =
    view.domains.length === 0
      ? html`<p>No domain yet: <a href="${DASHBOARD_PATHS.scans}">scan your site</a>, then upload its access logs here to see which AI agents fetch it.</p>`
      : tableRegion(
          'Scanned domains and their agents',
          html`<table><thead><tr><th scope="col">Domain</th><th scope="col">Last scanned</th></tr></thead><tbody>${rows}</tbody></table>`,
        );
  return dashboardLayout({
    title: 'AI agents',
    section: 'agents',
    viewer: view.viewer,
    body: html`<h1>AI agents</h1>
<p class="lead">Which AI agents fetch your sites, whether they are who they say, and what they get: upload a domain's access logs on its Agents tab.</p>
${list}
${view.next ? html`<p class="muted">The first ${view.domains.length} domains, most recently scanned first; the <a href="${DASHBOARD_PATHS.scans}">scan history</a> lists them all.</p>` : ''}`,
  });
}
