/**
 * What the overview shows beyond the plan (docs/dashboard.md "Pages"): the areas' own
 * operations (`list_domains`, `list_scans`, `list_cases`, `list_runs`, `list_batches`,
 * `list_webhooks`) called as the session, each section read on its own so one area's refusal
 * (no Monitor account) leaves the others.
 */
import { type BatchDeps, listBatches } from '#shared/domain/batch/operations';
import { listCases, listRuns, type MonitorDeps } from '#shared/domain/monitor/operations';
import { listDomains } from '#shared/domain/scans/history-operations';
import { listScans, type ScanReadDeps } from '#shared/domain/scans/operations';
import { listWebhooks, type WebhookDeps } from '#shared/domain/webhooks/operations';
import { attempt, type SessionInput } from './responses.ts';
import type { CaseTrend, FailingEndpoint, Overview } from './views/overview-parts.ts';

export interface OverviewDeps {
  scans: ScanReadDeps;
  batches: Pick<BatchDeps, 'store'>;
  webhooks: Pick<WebhookDeps, 'store'>;
  monitor: MonitorDeps;
}

type Caller = SessionInput<unknown, unknown, unknown>;
const RECENT = 5;
const CASES = 5;
const RUNS_PER_TREND = 12;
/** Today's scans are counted from the newest page of the account's scans (at most this many). */
const TODAY_PAGE = 100;

function as<Q>(input: Caller, query: Q) {
  return { ...input, params: undefined, body: undefined, query };
}

/** The session without `monitor:admin`: the overview shows the account's own cases. */
function ownAccount(input: Caller): Caller {
  if (!input.principal.scopes.has('monitor:admin')) return input;
  const scopes = new Set(input.principal.scopes);
  scopes.delete('monitor:admin');
  return { ...input, principal: { ...input.principal, scopes } };
}

async function caseTrends(input: Caller, deps: MonitorDeps): Promise<CaseTrend[] | null> {
  const own = ownAccount(input);
  const listed = await attempt(() => listCases(as(own, { limit: CASES }), deps));
  if (!listed.ok) return null;
  return Promise.all(
    listed.value.cases.map(async (entry) => {
      const { runs } = await listRuns(
        { ...as(own, { limit: RUNS_PER_TREND }), params: { id: entry.id } },
        deps,
      );
      const scores = runs
        .filter((run) => run.status === 'done' && typeof run.total_score === 'number')
        .map((run) => run.total_score as number)
        .reverse();
      return {
        id: entry.id,
        name: entry.name,
        domain: entry.domain,
        region: entry.region,
        languages: entry.languages,
        latest_score: entry.latest_score ?? null,
        last_run_at: entry.last_run_at ?? null,
        scores,
      };
    }),
  );
}

/** Endpoints paused by a 410, or whose latest delivery failed or is being retried. */
async function failingEndpoints(input: Caller, deps: OverviewDeps): Promise<FailingEndpoint[]> {
  const { endpoints, recent_deliveries } = await listWebhooks(as(input, undefined), deps.webhooks);
  const failing: FailingEndpoint[] = [];
  for (const endpoint of endpoints) {
    const latest = recent_deliveries
      .filter((delivery) => delivery.endpoint_id === endpoint.id)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    const base = { id: endpoint.id, url: endpoint.url, label: endpoint.label || null };
    if (!endpoint.active && endpoint.paused_reason === 'gone') {
      failing.push({ ...base, reason: 'paused: the receiver answered 410 Gone', since: null });
    } else if (latest?.status === 'failed') {
      failing.push({ ...base, reason: 'the latest delivery failed', since: latest.created_at });
    } else if (latest?.status === 'pending' && latest.attempts > 0) {
      failing.push({
        ...base,
        reason: `the latest delivery is being retried (${latest.attempts} attempts so far)`,
        since: latest.created_at,
      });
    }
  }
  return failing;
}

export async function readOverview(
  input: Caller,
  deps: OverviewDeps,
  today: string,
): Promise<Overview> {
  const [domains, scans, cases, jobs, failing] = await Promise.all([
    listDomains(as(input, { limit: RECENT }), deps.scans),
    listScans(as(input, { limit: TODAY_PAGE }), deps.scans),
    caseTrends(input, deps.monitor),
    listBatches(as(input, { limit: 20 }), deps.batches),
    failingEndpoints(input, deps),
  ]);
  const todays = scans.scans.filter((scan) => scan.created_at.startsWith(today)).length;
  return {
    recent: domains.domains,
    cases,
    batches: jobs.jobs.filter((job) => job.status === 'queued' || job.status === 'running'),
    failing,
    scansToday: { count: todays, capped: todays === TODAY_PAGE },
  };
}
