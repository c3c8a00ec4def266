/**
 * The agent analytics' read operations (docs/agent-logs.md "Reading it"): one upload's state,
 * and one domain's agents over a period (default the last 30 days) with its never-fetched pages
 * and conflicts. The API routes and the dashboard's Agents tab call these; the
 * upload is upload.ts, the processing process.ts.
 */
import { BadRequestError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import type { DayPage } from './aggregate.ts';
import type { AgentLogDeps, Ingest } from './ports.ts';
import { type AgentReport, buildReport } from './report.ts';
import type {
  AgentLogDomainParams,
  AgentLogParams,
  DomainAgentsQuery,
  DomainAgentsResponse,
  GetAgentLogResponse,
} from './schemas.ts';
import { domainOf, requireScannedDomain } from './upload.ts';

/** The longest period one read covers. */
export const MAX_PERIOD_DAYS = 366;
/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;

export function ingestView(ingest: Ingest): GetAgentLogResponse['ingest'] {
  return {
    id: ingest.id,
    domain: ingest.domain,
    status: ingest.status,
    bytes: ingest.bytes,
    format: ingest.format,
    lines: ingest.lines ?? null,
    parsed: ingest.parsed ?? null,
    skipped: ingest.skipped ?? null,
    skipped_reasons: ingest.skipped_reasons ?? [],
    agents: ingest.agents ?? [],
    created_at: ingest.created_at,
    finished_at: ingest.finished_at ?? null,
    error: ingest.error ?? null,
  };
}

export async function getAgentLog(
  input: CallerInput<AgentLogParams>,
  deps: AgentLogDeps,
): Promise<GetAgentLogResponse> {
  const domain = domainOf(input.params.domain);
  const ingest = await deps.store.getIngest({
    owner_id: input.principal.accountId,
    domain,
    ingest_id: input.params.id,
  });
  if (!ingest) throw new NotFoundError(`No upload ${input.params.id} for this domain.`);
  return { ingest: ingestView(ingest) };
}

export interface Period {
  from: string;
  to: string;
}

/** The period asked for, or the last 30 days; 400 when it is backwards or longer than a year. */
export function periodOf(query: DomainAgentsQuery, now: Date): Period {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw new BadRequestError('invalid_request', '`from` is after `to`.');
  if (days > MAX_PERIOD_DAYS) {
    throw new BadRequestError(
      'invalid_request',
      `A period covers at most ${MAX_PERIOD_DAYS} days.`,
    );
  }
  return { from, to };
}

/** The day pages of the period whose uploads are done (a page of an unfinished one waits). */
export async function finishedPages(
  deps: Pick<AgentLogDeps, 'store'>,
  ownerId: string,
  domain: string,
  period: Period,
): Promise<DayPage[]> {
  const [ingests, pages] = await Promise.all([
    deps.store.listIngests(ownerId, domain),
    deps.store.readDayPages(ownerId, domain, period.from, period.to),
  ]);
  const done = new Set(ingests.filter((ingest) => ingest.status === 'done').map((i) => i.id));
  return pages.filter((page) => done.has(page.ingest_id));
}

/** One domain's report with the hits per day (the dashboard draws them). */
export async function domainAgentReport(
  input: CallerInput<AgentLogDomainParams, DomainAgentsQuery>,
  deps: AgentLogDeps,
): Promise<AgentReport & { domain: string; period: Period; scan_id: string | undefined }> {
  const ownerId = input.principal.accountId;
  const domain = domainOf(input.params.domain);
  await requireScannedDomain(deps, ownerId, domain);
  const period = periodOf(input.query, deps.clock.now());
  const [pages, facts] = await Promise.all([
    finishedPages(deps, ownerId, domain, period),
    deps.store.siteFacts(ownerId, domain),
  ]);
  return { ...buildReport(pages, facts), domain, period, scan_id: facts?.scanId };
}

export async function getDomainAgents(
  input: CallerInput<AgentLogDomainParams, DomainAgentsQuery>,
  deps: AgentLogDeps,
): Promise<DomainAgentsResponse> {
  const report = await domainAgentReport(input, deps);
  return {
    agents: report.agents,
    never_fetched: report.never_fetched,
    conflicts: report.conflicts,
  };
}
