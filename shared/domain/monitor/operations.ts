/**
 * The monitor's HTTP operations: docs/api.md's `list_cases`, `get_case`, `get_case_summary`,
 * `list_runs`, `create_run`, and the additions `create_case` and `patch_case` (so that the API
 * can do whatever the dashboard does). The workflow steps live in `steps/`.
 */
import type { User } from '#shared/domain/accounts/ports';
import { readsAllTenants } from '#shared/domain/accounts/principal';
import { type AuditActor, type AuditEvent, actorOf, auditEvent } from '#shared/domain/audit/events';
import { frozenAt, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ConflictError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import {
  type AccessDeps,
  noAccount,
  ownCase,
  readableCase,
  requireAccount,
  requireReader,
  requireRunPlan,
} from './access.ts';
import { createUnderIdentity, patchUnderIdentity } from './case-identity.ts';
import type { CompetitorProfile } from './engine/index.ts';
import { buildPromptSet } from './engine/prompt-set.ts';
import type { CaseChanges, StoredCase } from './ports.ts';
import {
  competitorProfiles,
  foldForSearch,
  nameConflicts,
  normaliseCaseDomain,
  toCaseProfile,
  uniqueTexts,
} from './profile.ts';
import { type PromptPlanDeps, planOf } from './prompt-operations.ts';
import { caseRefOf, runOfCase } from './run-ref.ts';
import { type RunStarterDeps, startRun } from './runs.ts';
import type {
  CaseIdParams,
  CaseResponse,
  CaseSummaryResponse,
  CreateCaseBody,
  CreateRunBody,
  CreateRunResponse,
  ListCasesQuery,
  ListCasesResponse,
  ListRunsQuery,
  ListRunsResponse,
  PatchCaseBody,
} from './schemas.ts';
import { checkedTranslations, keptTranslations } from './translations.ts';
import { caseDetail, caseListEntry, runView } from './views.ts';

export interface MonitorDeps extends AccessDeps, RunStarterDeps, PromptPlanDeps {
  newCaseId?: () => string;
  /**
   * ALLOW_PRIVATE_TARGETS=1 (the local stack): a case's domains may be loopback or private
   * addresses with a port, as scans there accept them (`127.0.0.1:4100`).
   */
  allowPrivateTargets?: boolean;
}

export async function listCases(
  input: CallerInput<undefined, ListCasesQuery>,
  deps: MonitorDeps,
): Promise<ListCasesResponse> {
  const principal = input.principal;
  await requireReader(principal, deps);
  const page = { limit: input.query.limit, cursor: input.query.cursor, q: input.query.q };
  if (!readsAllTenants(principal)) {
    const own = await deps.cases.listCases(principal.accountId, page);
    return { cases: own.cases.map((c) => caseListEntry(c)), next_cursor: own.cursor };
  }
  const all = await deps.cases.listAllCases(page);
  const emails = new Map<string, string>();
  for (const ownerId of new Set(all.cases.map((c) => c.owner_id))) {
    emails.set(ownerId, (await deps.users.findUserById(ownerId))?.email ?? '');
  }
  return {
    cases: all.cases.map((c) => caseListEntry(c, emails.get(c.owner_id) ?? '')),
    next_cursor: all.cursor,
    scope: 'all_tenants',
  };
}

export async function getCase(
  input: CallerInput<CaseIdParams>,
  deps: MonitorDeps,
): Promise<CaseResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  return { case: caseDetail(stored) };
}

export async function createCase(
  input: CallerInput<undefined, undefined, CreateCaseBody>,
  deps: MonitorDeps,
): Promise<CaseResponse> {
  const user = await requireAccount(input.principal, deps);
  return createCaseFor(user, input.body, deps, actorOf(input.principal));
}

/**
 * Creates a case owned by an account with a Monitor plan (`user`: the account's own user), with
 * its `case.created` event (the API, the dashboard and the operator CLI).
 */
export async function createCaseFor(
  user: User,
  body: CreateCaseBody,
  deps: Pick<MonitorDeps, 'cases' | 'clock' | 'newCaseId' | 'allowPrivateTargets'>,
  actor: AuditActor,
): Promise<CaseResponse> {
  if (!user.account) throw noAccount();
  const at = nowIso(deps.clock);
  const fields = checkedFields(body, deps.allowPrivateTargets === true);
  const stored: StoredCase = {
    id: deps.newCaseId?.() ?? crypto.randomUUID(),
    owner_id: user.id,
    ...fields,
    created_at: at,
    updated_at: at,
    latest_score: null,
    last_run_at: null,
    latest_run_id: null,
  };
  const audit = auditEvent(
    { accountId: stored.owner_id, actor },
    'case.created',
    { type: 'case', id: stored.id },
    { name: stored.name, domain: stored.domain },
    deps.clock,
  );
  // 409 `duplicate_case` when an identical active case exists (case-identity.ts).
  await createUnderIdentity(deps, stored, () => deps.cases.createCase(stored, audit));
  return { case: caseDetail(stored) };
}

export async function patchCase(
  input: CallerInput<CaseIdParams, undefined, PatchCaseBody>,
  deps: MonitorDeps,
): Promise<CaseResponse> {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  if (Object.keys(input.body).length === 0) return { case: caseDetail(stored) };
  const merged = checkedFields(
    {
      name: input.body.name ?? stored.name,
      domain: input.body.domain ?? stored.domain,
      category: input.body.category ?? stored.category,
      icp: input.body.icp ?? stored.icp,
      competitors: input.body.competitors ?? stored.competitors,
      competitor_domains: input.body.competitor_domains,
      use_cases: input.body.use_cases ?? stored.use_cases,
      region: input.body.region ?? stored.region,
      languages: input.body.languages ?? stored.languages,
      fact_sheet: input.body.fact_sheet ?? stored.fact_sheet,
      translations: input.body.translations ?? keptTranslations(stored, input.body.languages),
      aliases: input.body.aliases ?? stored.aliases,
      status: input.body.status ?? stored.status,
    },
    deps.allowPrivateTargets === true,
  );
  const at = nowIso(deps.clock);
  const audits = caseChangeEvents(input.principal, stored, Object.keys(input.body), merged, deps);
  const updated = await patchUnderIdentity(deps, stored, merged, () =>
    deps.cases.updateCase(caseRefOf(stored), merged, at, audits),
  );
  return { case: caseDetail(updated ?? { ...stored, ...merged, updated_at: at }) };
}

/**
 * What a change of a case records: `case.archived` when it archives the case, and
 * `case.updated` naming the fields changed otherwise (or besides).
 */
function caseChangeEvents(
  caller: CallerInput['principal'],
  stored: StoredCase,
  fields: readonly string[],
  merged: { status: StoredCase['status'] },
  deps: Pick<MonitorDeps, 'clock'>,
): AuditEvent[] {
  const target = { type: 'case', id: stored.id };
  const archives = merged.status === 'archived' && stored.status !== 'archived';
  const others = fields.filter((field) => !(archives && field === 'status'));
  const events: AuditEvent[] = [];
  if (archives) events.push(auditEvent(caller, 'case.archived', target, {}, deps.clock));
  if (others.length > 0 || !archives) {
    events.push(auditEvent(caller, 'case.updated', target, { fields: others }, deps.clock));
  }
  return events;
}

/** The editable fields, normalised, with the checks that span fields (400 `invalid_request`). */
function checkedFields(
  body: CreateCaseBody,
  local: boolean,
): Required<Omit<CaseChanges, 'prompt_edits'>> {
  const domain = normaliseCaseDomain(body.domain, { local });
  if (domain === null) throw notPublicDomain();
  const competitors = competitorProfiles(body.competitors, { local });
  const languages = uniqueTexts(body.languages);
  const problems = nameConflicts(body.name, competitors);
  problems.push(...competitorDomainProblems(body.competitors, competitors));
  problems.push(...applyCompetitorDomains(competitors, body.competitor_domains ?? {}, local));
  const translations = checkedTranslations(body.translations, languages, problems);
  if (problems.length > 0) {
    throw new BadRequestError('invalid_request', `Invalid case: ${problems.join('; ')}.`, {
      details: { issues: problems.map((message) => ({ path: [], message })) },
    });
  }
  return {
    name: body.name.trim(),
    domain: domain as string,
    aliases: uniqueTexts(body.aliases),
    category: body.category.trim(),
    icp: body.icp.trim(),
    competitors,
    use_cases: uniqueTexts(body.use_cases),
    region: body.region.trim(),
    languages,
    fact_sheet: Object.fromEntries(
      Object.entries(body.fact_sheet).map(([key, value]) => [key.trim(), value.trim()]),
    ),
    translations,
    status: body.status,
  };
}

/** A domain only the local stack accepts (a port, a loopback or private address), elsewhere. */
function notPublicDomain(): BadRequestError {
  const message =
    'must be a public domain name such as example.com; a port, an IP address or a local name is accepted only in local mode (ALLOW_PRIVATE_TARGETS=1)';
  return new BadRequestError('invalid_request', `Invalid case: domain ${message}.`, {
    details: { issues: [{ path: ['domain'], code: 'custom', message }] },
  });
}

/** `competitor_domains` sets the site of competitors listed by name. */
function applyCompetitorDomains(
  competitors: CompetitorProfile[],
  domains: Record<string, string>,
  local: boolean,
): string[] {
  const problems: string[] = [];
  for (const [name, domain] of Object.entries(domains)) {
    const competitor = competitors.find((c) => foldForSearch(c.name) === foldForSearch(name));
    if (!competitor) {
      problems.push(`competitor_domains names "${name}", which is not in competitors`);
      continue;
    }
    competitor.domain = normaliseCaseDomain(domain, { local });
    if (competitor.domain === null) problems.push(`the domain of "${name}" is not a public domain`);
  }
  return problems;
}

/** A competitor's domain that only the local stack accepts, sent outside local mode. */
function competitorDomainProblems(
  entries: CreateCaseBody['competitors'],
  competitors: readonly CompetitorProfile[],
): string[] {
  return entries.flatMap((entry, index) =>
    typeof entry !== 'string' && entry.domain && competitors[index]?.domain === null
      ? [`the domain of "${entry.name}" is not a public domain name such as example.com`]
      : [],
  );
}

export async function getCaseSummary(
  input: CallerInput<CaseIdParams>,
  deps: MonitorDeps,
): Promise<CaseSummaryResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const latest = stored.latest_run_id ? runOfCase(stored, stored.latest_run_id) : undefined;
  const [run, summary] = latest
    ? await Promise.all([deps.runs.getRun(latest), deps.runs.getSummary(latest)])
    : [undefined, undefined];
  if (!run || !summary) {
    throw new ConflictError(
      'no_run',
      'No run of this case has finished yet; the summary appears when the first run is done.',
    );
  }
  return {
    case: { id: stored.id, name: stored.name },
    run: { id: run.id, label: run.label, kind: run.kind, finished_at: summary.finished_at },
    summary: summary.summary,
  };
}

export async function listRuns(
  input: CallerInput<CaseIdParams, ListRunsQuery>,
  deps: MonitorDeps,
): Promise<ListRunsResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const runs = await deps.runs.listRuns(caseRefOf(stored), input.query.limit);
  return { runs: runs.map(runView) };
}

export async function createRun(
  input: CallerInput<CaseIdParams, undefined, CreateRunBody>,
  deps: MonitorDeps,
): Promise<CreateRunResponse> {
  const { user, stored } = await ownCase(input.principal, input.params.id, deps);
  requireRunPlan(user, deps.clock.now());
  if (stored.status === 'archived') {
    throw new ConflictError(
      'case_archived',
      'The case is archived: restore it (PATCH `status` to `active`) to start a run.',
    );
  }
  if (buildPromptSet(toCaseProfile(stored), planOf(deps)).cells.length === 0) {
    throw new BadRequestError(
      'invalid_request',
      'The case has no enabled prompt: a run would ask nothing. Enable or add prompts ' +
        '(PUT /api/v1/cases/{id}/prompts) first.',
    );
  }
  const now = deps.clock.now();
  const label = input.body?.label ?? now.toISOString().slice(0, 10);
  const run = await startRun(
    stored,
    {
      kind: 'manual',
      label,
      // The run's id is known once the run is made: its event is built there.
      audit: (runId) =>
        auditEvent(
          input.principal,
          'run.started',
          { type: 'run', id: runId },
          { case_id: stored.id, kind: 'manual', label },
          frozenAt(now),
        ),
    },
    { ...deps, clock: frozenAt(now) },
  );
  return { run: { id: run.id, label: run.label, kind: run.kind, status: run.status } };
}
