/**
 * The case page's "Our pages the answers cite": the brand site's pages the latest run's answers
 * cite (the monitor's run reads), and when the citing families' agents last fetched each (the
 * owner's access logs, docs/agent-logs.md "On the case page"). Only the case's owner sees the
 * fetches: a monitor:admin reading another tenant's case sees the pages alone.
 */

import { LAST_FETCH_DAYS, lastFetchesOf } from '#shared/domain/agent-logs/page-fetches';
import type { AgentLogDeps } from '#shared/domain/agent-logs/ports';
import type { AgentFamily } from '#shared/domain/agents/registry';
import type { RunReadDeps } from '#shared/domain/monitor/run-reads';
import { ownCitedPages } from '#shared/domain/monitor/run-reads';
import type { CaseIdParams, CaseSummaryResponse } from '#shared/domain/monitor/schemas';
import type { CitedPagesView } from '#shared/surfaces/dashboard/views/case-cited-pages';
import type { SessionInput } from './responses.ts';

/** What the case page reads the agents' fetches with (the agent-logs store and the clock). */
export type AgentFetchDeps = Pick<AgentLogDeps, 'store' | 'clock'>;

export async function citedPagesOf(
  input: SessionInput<CaseIdParams>,
  summary: CaseSummaryResponse | null,
  deps: RunReadDeps & { agentFetches: AgentFetchDeps },
): Promise<CitedPagesView | undefined> {
  if (!summary) return undefined;
  const reader = { ...input, params: { id: input.params.id, run_id: summary.run.id } };
  const cited = await ownCitedPages(reader, deps);
  const owner = cited.owner_id === input.principal.accountId;
  const fetches =
    owner && cited.pages.length > 0
      ? await lastFetchesOf(
          deps.agentFetches,
          cited.owner_id,
          cited.pages.map((page) => page.url),
          cited.domain,
        )
      : new Map();
  return {
    domain: cited.domain,
    days: LAST_FETCH_DAYS,
    owner,
    anyFetch: fetches.size > 0,
    rows: cited.pages.map((page) => {
      const fetched = fetches.get(page.url) ?? {};
      return {
        url: page.url,
        answers: page.answers,
        families: page.families.map((family) => {
          const last = fetched[family as AgentFamily];
          return { family, last: last ? new Date(last * 1000).toISOString() : null };
        }),
      };
    }),
  };
}
