/**
 * The overview: what changed (recent scans with their change, cases with their trend, batches
 * in progress, failing endpoints), the plan, today's quota use, the open sessions. "Get started"
 * only while the account has nothing to show.
 */

import type { Account } from '#shared/domain/accounts/ports';
import { subscriptionEndedAt } from '#shared/domain/kernel/plans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { paymentBanner } from './billing-page.ts';
import { badge, notice } from './components.ts';
import { dashboardLayout, type Viewer } from './layout.ts';
import {
  batchesSection,
  casesSection,
  failingSection,
  isEmptyOverview,
  type Overview,
  recentScansSection,
  scansTodayCard,
} from './overview-parts.ts';
import { type SessionRow, sessionsSection } from './sessions-list.ts';

export interface HomeView {
  viewer: Viewer;
  account: Account | null;
  /** The plan batches count under, or why none applies (an ended subscription). */
  plan: { name: string; perBatch: number; perDay: number } | { ended: string };
  usedToday: number;
  overview: Overview;
  admin: boolean;
  sessions: readonly SessionRow[];
  notice?: string | undefined;
  /** The instant the page was read (the grace period of an overdue payment is read against it). */
  now: Date;
}

function accountCard(view: HomeView): Html {
  const account = view.account;
  const ended = account ? subscriptionEndedAt(account, view.now) : false;
  const text = account
    ? html`<p class="big">${account.plan === 'pro' ? 'Pro' : 'Free'}</p><p>Subscription ${badge(ended ? 'failed' : 'active', ended ? 'ended' : 'active')}</p>
<p class="muted">${account.plan === 'pro' && !ended ? 'Cases, manual runs and a monthly run of every active case.' : 'Cases can be set up and read; runs, manual and monthly, need the Pro plan.'}</p>`
    : html`<p class="big">No Monitor account</p><p class="muted">Scans, batches, keys and webhooks work (batches under the free plan's limits); cases need a Monitor account, which upgrading to Pro gives.</p>`;
  return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Plan</h2>${text}<p><a href="${DASHBOARD_PATHS.billing}">${account?.plan === 'pro' && !ended ? 'Plan and billing' : 'Upgrade to Pro'}</a></p>${view.admin ? html`<p>This address is on the operator list: it may hold <code>monitor:admin</code> keys.</p>` : ''}</section>`;
}

function quotaCard(view: HomeView): Html {
  if ('ended' in view.plan) {
    return html`<section class="card" aria-labelledby="quota-h"><h2 id="quota-h">Batch quota today</h2><p>${view.plan.ended}</p></section>`;
  }
  const { perDay, perBatch, name } = view.plan;
  const left = Math.max(0, perDay - view.usedToday);
  return html`<section class="card" aria-labelledby="quota-h"><h2 id="quota-h">Batch quota today</h2>
<p class="big">${view.usedToday} <span class="muted">of ${perDay}</span></p>
<label for="quota-bar" class="sr-only">Domains queued today</label>
<progress id="quota-bar" max="${perDay}" value="${Math.min(view.usedToday, perDay)}">${view.usedToday} of ${perDay}</progress>
<p class="muted">${left} domains left until 00:00 UTC on the ${name} plan; at most ${perBatch} per batch.</p></section>`;
}

export function homePage(view: HomeView): Html {
  return dashboardLayout({
    title: 'Overview',
    section: 'home',
    viewer: view.viewer,
    body: html`<h1>Overview</h1>
${notice(view.notice)}
${paymentBanner(view.account, view.now)}
${failingSection(view.overview.failing)}
<div class="cards">${quotaCard(view)}${scansTodayCard(view.overview.scansToday)}${accountCard(view)}</div>
${batchesSection(view.overview.batches)}
${recentScansSection(view.viewer, view.overview.recent)}
${casesSection(view.overview.cases)}
${isEmptyOverview(view.overview) ? getStarted() : ''}
${sessionsSection(view.viewer, view.sessions)}`,
  });
}

function getStarted(): Html {
  return html`<h2>Get started</h2>
<ul>
<li><a href="${DASHBOARD_PATHS.keys}">Create an API key</a> for scripts and AI assistants (the tool server).</li>
<li><a href="${DASHBOARD_PATHS.scans}">Scan a site</a> for agent readiness, or <a href="${DASHBOARD_PATHS.batches}">many at once</a>.</li>
<li><a href="${DASHBOARD_PATHS.cases}">Watch how AI models answer about a brand</a> (cases and runs).</li>
<li><a href="${DASHBOARD_PATHS.webhooks}">Receive events</a> at your own https endpoint.</li>
<li>Everything here is also in the API: <a href="/docs">API documentation</a>.</li>
</ul>`;
}
