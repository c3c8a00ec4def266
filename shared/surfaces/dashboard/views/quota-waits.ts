/**
 * What a run under way says about provider quota (docs/dashboard.md "Case pages"): which families
 * wait for their turn at the shared provider accounts, since when, and when their next call is
 * expected. Written with the escaping `html` template.
 */
import type { QuotaWait } from '#shared/domain/monitor/run-progress';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { FAMILY_NAMES } from './case-summary.ts';

function clock(iso: string): Html {
  return html`<time datetime="${iso}">${iso.slice(11, 16)} UTC</time>`;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`;
}

function waitLine(wait: QuotaWait): Html {
  const doing = wait.phase === 'ask' ? 'asking' : 'judging';
  return html`<li>${FAMILY_NAMES[wait.family] ?? wait.family} (${doing}): waiting since ${clock(wait.since)} (${duration(wait.waiting_seconds)}); next call expected about ${clock(wait.next_call_at)}</li>`;
}

/**
 * The families waiting for quota, as a list under a sentence that says why; nothing when none
 * waits. A wait is the fair share of a busy provider account, not a failure.
 */
export function quotaWaitsPart(waits: readonly QuotaWait[]): Html {
  if (waits.length === 0) return html``;
  return html`<div class="quota-waits"><p>Waiting for provider quota: every customer's runs share the service's provider accounts, and each gets its fair turn. Nothing has failed; these families are asked as soon as their turn comes.</p><ul>${joinHtml(waits.map(waitLine))}</ul></div>`;
}
