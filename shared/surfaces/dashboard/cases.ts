/**
 * The case pages over `list_cases`, `create_case`, `get_case`, `patch_case`, `list_runs`,
 * `get_case_summary` and `create_run`. A signed-in operator (monitor:admin) sees their own
 * cases unless they ask for every tenant's, as a read-only view.
 */
import type { z } from 'zod';
import { ConflictError } from '#shared/domain/kernel/errors';
import { listFixes } from '#shared/domain/monitor/fixes';
import {
  createCase,
  createRun,
  getCase,
  getCaseSummary,
  listCases,
  listRuns,
  type MonitorDeps,
  patchCase,
} from '#shared/domain/monitor/operations';
import { getCasePrompts } from '#shared/domain/monitor/prompt-operations';
import { getRunProgress } from '#shared/domain/monitor/run-reads';
import {
  type CaseIdParams,
  type CaseSummaryResponse,
  CreateCaseBodySchema,
  CreateRunBodySchema,
  ListCasesQuerySchema,
  PatchCaseBodySchema,
} from '#shared/domain/monitor/schemas';
import { CASE_PAGE_RUNS, casePage } from '#shared/surfaces/dashboard/views/case-page';
import { caseFormPage, casesPage } from '#shared/surfaces/dashboard/views/cases-page';
import { citedPagesOf } from './case-cited-pages.ts';
import { CASE_FORM, caseBodyFrom, caseFormValuesOf, EMPTY_CASE_FORM } from './case-form.ts';
import { type CasePagesDeps, runHistory } from './case-runs.ts';
import { checkFields, type FormState, submitForm } from './form-kit/form.ts';
import type { CaseFormSchema, RunFormSchema } from './forms.ts';
import { CASE_SEARCH_FORM, RUN_FORM } from './forms-monitor.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

export interface CasesQuery {
  q?: string | undefined;
  cursor?: string | undefined;
  all?: string | undefined;
  notice?: string | undefined;
}

type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;

function withoutAdmin<T extends Input<unknown, unknown, unknown>>(input: T): T {
  const { principal } = input;
  if (!principal.scopes.has('monitor:admin')) return input;
  const scopes = new Set(principal.scopes);
  scopes.delete('monitor:admin');
  return { ...input, principal: { ...principal, scopes } };
}

export async function casesOverview(input: Input<undefined, CasesQuery>, deps: MonitorDeps) {
  const { principal } = input;
  const admin = principal.scopes.has('monitor:admin');
  const allTenants = admin && input.query.all === '1';
  // A search the form's limits refuse is shown at its field, and the list is read without it.
  const q = input.query.q ?? '';
  const refused = checkFields(CASE_SEARCH_FORM, { q });
  const query = parseWith(ListCasesQuerySchema, {
    ...(q && !refused ? { q } : {}),
    ...(input.query.cursor ? { cursor: input.query.cursor } : {}),
  });
  const caller = allTenants ? input : withoutAdmin(input);
  const listed = await attempt(() => listCases({ ...caller, query, body: undefined }, deps));
  return htmlPage(
    casesPage({
      viewer: viewerOf(principal),
      cases: listed.ok ? listed.value.cases : [],
      q: refused ? '' : q,
      nextCursor: listed.ok ? listed.value.next_cursor : null,
      admin,
      allTenants,
      error: listed.ok ? undefined : listed.error,
      notice: noticeText(input.query.notice),
      search: refused ? { values: { q }, error: refused } : undefined,
    }),
    listed.ok ? (refused ? 400 : 200) : listed.status,
  );
}

/** The case a refused form would duplicate (409 `duplicate_case` names it in its details). */
function duplicateOf(details: Record<string, unknown>): { id: string; name: string } | undefined {
  const { case_id: id, name } = details;
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined;
}

export async function newCaseForm(input: Input): Promise<PageResponse> {
  return htmlPage(
    caseFormPage({ viewer: viewerOf(input.principal), form: { values: EMPTY_CASE_FORM } }),
  );
}

export async function createCaseFromForm(
  input: Input<undefined, undefined, z.output<typeof CaseFormSchema>>,
  deps: MonitorDeps,
): Promise<PageResponse> {
  const created = await submitForm(
    CASE_FORM,
    input.body,
    () => createCase({ ...input, body: caseBodyFrom(CreateCaseBodySchema, input.body) }, deps),
    () => caseBodyFrom(CreateCaseBodySchema, input.body),
  );
  if (created.ok) return redirect(DASHBOARD_PATHS.case(created.value.case.id));
  return htmlPage(
    caseFormPage({
      viewer: viewerOf(input.principal),
      form: created.state,
      duplicateOf: duplicateOf(created.details),
    }),
    created.status,
  );
}

export async function editCaseForm(input: Input<CaseIdParams>, deps: MonitorDeps) {
  const { case: detail } = await getCase(withoutAdmin(input), deps);
  return htmlPage(
    caseFormPage({
      viewer: viewerOf(input.principal),
      caseId: detail.id,
      form: { values: caseFormValuesOf(detail) },
    }),
  );
}

export async function updateCaseFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof CaseFormSchema>>,
  deps: MonitorDeps,
): Promise<PageResponse> {
  const saved = await submitForm(
    CASE_FORM,
    input.body,
    () => patchCase({ ...input, body: caseBodyFrom(PatchCaseBodySchema, input.body) }, deps),
    () => caseBodyFrom(PatchCaseBodySchema, input.body),
  );
  if (saved.ok) return redirect(`${DASHBOARD_PATHS.case(input.params.id)}?notice=case_saved`);
  return htmlPage(
    caseFormPage({
      viewer: viewerOf(input.principal),
      caseId: input.params.id,
      form: saved.state,
      duplicateOf: duplicateOf(saved.details),
    }),
    saved.status,
  );
}

async function latestSummary(input: Input<CaseIdParams>, deps: MonitorDeps) {
  try {
    return await getCaseSummary(input, deps);
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'no_run') return null;
    throw error;
  }
}

async function renderCase(
  input: Input<CaseIdParams, unknown, unknown>,
  deps: CasePagesDeps,
  extra: { notice?: string | undefined; runForm?: FormState; status?: number },
): Promise<PageResponse> {
  const reader = { ...input, query: undefined, body: undefined } as Input<CaseIdParams>;
  const [{ case: detail }, { runs }, summary, prompts] = await Promise.all([
    getCase(reader, deps),
    listRuns({ ...reader, query: { limit: CASE_PAGE_RUNS } }, deps),
    latestSummary(reader, deps) as Promise<CaseSummaryResponse | null>,
    getCasePrompts(reader, deps),
  ]);
  const open = runs.find((run) => run.status === 'queued' || run.status === 'running');
  const [{ points: history, canaries }, fixes, progress, citedPages] = await Promise.all([
    runHistory(reader, runs, deps),
    attempt(() => listFixes(reader, deps)),
    open ? getRunProgress({ ...reader, params: { id: detail.id, run_id: open.id } }, deps) : null,
    citedPagesOf(reader, summary, deps),
  ]);
  return htmlPage(
    casePage({
      viewer: viewerOf(input.principal),
      detail,
      runs,
      summary,
      history: summary ? history : [],
      canaries,
      fixes: fixes.ok ? fixes.value.fixes : null,
      prompts,
      citedPages,
      progress: open && progress ? { run: open, ...progress } : undefined,
      ...extra,
    }),
    extra.status ?? 200,
  );
}

export async function caseDetailPage(
  input: Input<CaseIdParams, { notice?: string | undefined }>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  return renderCase(input, deps, { notice: noticeText(input.query.notice) });
}

export async function startRunFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof RunFormSchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const label = input.body.label.trim();
  const started = await submitForm(RUN_FORM, input.body, () =>
    createRun({ ...input, body: parseWith(CreateRunBodySchema, label ? { label } : {}) }, deps),
  );
  if (started.ok) return redirect(`${DASHBOARD_PATHS.case(input.params.id)}?notice=run_started`);
  return renderCase(input, deps, { runForm: started.state, status: started.status });
}
