/**
 * The Agents tab of a domain (docs/dashboard.md) over the agent analytics' operations: the page
 * reads `get_domain_agents` (with the hits per day the chart draws) and the domain's uploads;
 * the upload form runs `upload_agent_log` as the API would and sends the browser back to the tab.
 */
import type { z } from 'zod';
import { domainAgentReport, ingestView } from '#shared/domain/agent-logs/operations';
import type { AgentLogDeps } from '#shared/domain/agent-logs/ports';
import {
  DomainAgentsQuerySchema,
  type UploadAgentLogQuery,
} from '#shared/domain/agent-logs/schemas';
import { domainOf, uploadAgentLog } from '#shared/domain/agent-logs/upload';
import { ANSWER_STATUS, type RawBody } from '#shared/domain/kernel/operation';
import { listDomains } from '#shared/domain/scans/history-operations';
import { ListDomainsQuerySchema } from '#shared/domain/scans/history-schemas';
import type { ScanReadDeps } from '#shared/domain/scans/operations';
import { agentsIndexPage, agentsPage } from '#shared/surfaces/dashboard/views/agents-page';
import type { ShownError } from '#shared/surfaces/dashboard/views/components';
import type { AgentsPageQuerySchema, DomainPathSchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

type DomainPath = z.output<typeof DomainPathSchema>;
type PageQuery = z.output<typeof AgentsPageQuerySchema>;

/** Uploads the tab lists, newest first. */
const RECENT_UPLOADS = 10;

const UPLOADED = 'The log is uploaded and queued; its state updates below once it is read.';
const UPLOADED_BEFORE = 'This log was uploaded before: it is counted once, as it was.';

async function render(
  input: SessionInput<DomainPath, PageQuery>,
  deps: AgentLogDeps,
  shown: { notice?: string; error?: ShownError; status?: number } = {},
): Promise<PageResponse> {
  const query = parseWith(DomainAgentsQuerySchema, {
    ...(input.query.from ? { from: input.query.from } : {}),
    ...(input.query.to ? { to: input.query.to } : {}),
  });
  const report = await domainAgentReport({ ...input, body: undefined, query }, deps);
  const uploads = (await deps.store.listIngests(input.principal.accountId, report.domain))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
    .slice(0, RECENT_UPLOADS)
    .map(ingestView);
  const page = agentsPage({
    viewer: viewerOf(input.principal),
    domain: report.domain,
    period: report.period,
    report,
    uploads,
    latestScanId: report.scan_id,
    notice: shown.notice,
    error: shown.error,
  });
  return htmlPage(page, shown.status);
}

/** `GET /dashboard/domains/{domain}/agents`. */
export async function domainAgentsPage(
  input: SessionInput<DomainPath, PageQuery>,
  deps: AgentLogDeps,
): Promise<PageResponse> {
  const notice =
    input.query.notice === 'uploaded'
      ? UPLOADED
      : input.query.notice === 'uploaded_before'
        ? UPLOADED_BEFORE
        : undefined;
  return render(input, deps, notice ? { notice } : {});
}

/** `POST /dashboard/domains/{domain}/agent-logs`: the upload, then back to the tab (303). */
export async function uploadAgentLogPage(
  input: SessionInput<DomainPath, UploadAgentLogQuery, RawBody>,
  deps: AgentLogDeps,
): Promise<PageResponse> {
  const uploaded = await attempt(() => uploadAgentLog(input, deps));
  if (uploaded.ok) {
    const before = uploaded.value[ANSWER_STATUS] === 200;
    const target = DASHBOARD_PATHS.domainAgents(domainOf(input.params.domain));
    return redirect(`${target}?notice=${before ? 'uploaded_before' : 'uploaded'}`);
  }
  return render({ ...input, body: undefined, query: {} }, deps, {
    error: uploaded.error,
    status: uploaded.status,
  });
}

/** `GET /dashboard/agents`: the scanned domains, each with its Agents tab (issue 36 point 7). */
export async function agentsIndex(input: SessionInput, deps: ScanReadDeps): Promise<PageResponse> {
  const query = parseWith(ListDomainsQuerySchema, { limit: 50 });
  const page = await listDomains({ ...input, params: undefined, body: undefined, query }, deps);
  return htmlPage(
    agentsIndexPage({
      viewer: viewerOf(input.principal),
      domains: page.domains,
      next: page.next_cursor,
    }),
  );
}
