/**
 * The case pages over the run and answer reads (docs/dashboard.md "Case pages"): one run of a
 * case (`get_run`), two runs compared, the answers behind a chart (`list_run_answers`, its
 * exports too), "track this competitor" and archive/restore (`patch_case`). The same operations
 * and schemas the API routes call; nothing here decides a rule of its own.
 */
import type { z } from 'zod';
import { facetsMatch } from '#shared/domain/monitor/answer-filters';
import type { FixesDeps } from '#shared/domain/monitor/fixes';
import type { MonitorDeps } from '#shared/domain/monitor/operations';
import { getCase, listRuns, patchCase } from '#shared/domain/monitor/operations';
import { compareSummaries } from '#shared/domain/monitor/run-compare';
import {
  type AnswerExport,
  answersAfter,
  getRun,
  listRunAnswers,
  openRunAnswers,
  type RunReadDeps,
} from '#shared/domain/monitor/run-reads';
import { ListAnswersQuerySchema, type RunIdParams } from '#shared/domain/monitor/run-schemas';
import {
  type CaseIdParams,
  PatchCaseBodySchema,
  type RunView,
} from '#shared/domain/monitor/schemas';
import { answersPage } from '#shared/surfaces/dashboard/views/answers-page';
import { scoreRange } from '#shared/surfaces/dashboard/views/case-insights';
import type { CanaryPoint } from '#shared/surfaces/dashboard/views/case-loop';
import type { ScorePoint } from '#shared/surfaces/dashboard/views/case-summary';
import { comparePage, runPage } from '#shared/surfaces/dashboard/views/run-page';
import { readFilters } from './answer-filters.ts';
import type { AgentFetchDeps } from './case-cited-pages.ts';
import type {
  CaseRunQuerySchema,
  CaseStatusFormSchema,
  RunAnswersQuerySchema,
  TrackCompetitorFormSchema,
} from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  htmlPage,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

/** The case pages' operations, with the agent-logs store the cited pages' fetches come from. */
export type CasePagesDeps = MonitorDeps &
  RunReadDeps &
  FixesDeps & { agentFetches: AgentFetchDeps };
type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;

/** Finished runs in the score chart, newest last (their summaries are read for the ranges). */
const HISTORY_RUNS = 12;

function readerOf<P>(input: Input<unknown, unknown, unknown>, params: P): Input<P> {
  return { ...input, params, query: undefined, body: undefined } as Input<P>;
}

/** The score line of the case's finished runs, newest last. */
export async function scoreHistory(
  input: Input<CaseIdParams, unknown, unknown>,
  runs: readonly RunView[],
  deps: CasePagesDeps,
): Promise<ScorePoint[]> {
  return (await runHistory(input, runs, deps)).points;
}

/** The finished runs' scores with their ranges and their canaries, newest last. */
export async function runHistory(
  input: Input<CaseIdParams, unknown, unknown>,
  runs: readonly RunView[],
  deps: CasePagesDeps,
): Promise<{ points: ScorePoint[]; canaries: CanaryPoint[] }> {
  const done = runs
    .filter((run) => run.status === 'done' && run.total_score !== null)
    .slice(0, HISTORY_RUNS)
    .reverse();
  const reads = await Promise.all(
    done.map((run) =>
      getRun(readerOf(input, { id: input.params.id, run_id: run.id }), deps).catch(() => null),
    ),
  );
  const points = done.map((run, index) => {
    const summary = reads[index]?.summary;
    const range = summary ? scoreRange(summary.intervals.dimensions) : undefined;
    return { label: run.label, value: run.total_score as number, ...range };
  });
  const canaries = done.map((run, index) => ({
    label: run.label,
    canary: reads[index]?.run.canary ?? null,
  }));
  return { points, canaries };
}

export async function caseRunPage(
  input: Input<RunIdParams, z.output<typeof CaseRunQuerySchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const { id, run_id } = input.params;
  const caseReader = readerOf(input, { id });
  const [{ case: detail }, { runs }, read] = await Promise.all([
    getCase(caseReader, deps),
    listRuns({ ...caseReader, query: { limit: 24 } }, deps),
    getRun(readerOf(input, { id, run_id }), deps),
  ]);
  const viewer = viewerOf(input.principal);
  const against = input.query.against;
  if (against && against !== read.run.id) {
    const other = await getRun(readerOf(input, { id, run_id: against }), deps);
    const delta =
      read.summary && other.summary
        ? compareSummaries(read.summary, { run_id: other.run.id, summary: other.summary })
        : null;
    return htmlPage(comparePage({ viewer, detail, runs, current: read, other, delta }));
  }
  const history = read.summary ? await scoreHistory(caseReader, runs, deps) : [];
  return htmlPage(
    runPage({ viewer, detail, runs, read, history, notice: noticeText(input.query.notice) }),
  );
}

/** Answers per page of the answers page. */
export const ANSWERS_PER_PAGE = 50;

/** The page asked for: `page=N`, or the page an older `cursor` link points into; else 1. */
function pageNumber(
  query: z.output<typeof RunAnswersQuerySchema>,
  matching: readonly { id: string }[],
): number {
  const asked = Number(query.page);
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  if (query.page === undefined && query.cursor) {
    return Math.floor(answersAfter(matching, query.cursor) / ANSWERS_PER_PAGE) + 1;
  }
  return page;
}

function exportResponse(listed: AnswerExport): PageResponse {
  return {
    body: listed.export.body,
    status: 200,
    headers: {
      'content-type': `${listed.export.contentType}; charset=utf-8`,
      'content-disposition': `attachment; filename="${listed.export.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  };
}

/**
 * The answers page: the run's answer index gives the prompt-by-model grid (every answer) and the
 * answers the filters keep, with their total; only the page's own answers are read and measured
 * (`openRunAnswers`). The filters are the list's own (`facetsMatch`).
 */
export async function runAnswersPage(
  input: Input<RunIdParams, z.output<typeof RunAnswersQuerySchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const { page: _page, ...given } = input.query;
  // A filter the list does not take is left out and said at its control (answer-filters.ts).
  const { accepted: filters, refused } = readFilters(given);
  const query = parseWith(ListAnswersQuerySchema, { limit: ANSWERS_PER_PAGE, ...filters });
  const reader = readerOf(input, input.params);
  if (query.format !== 'json') {
    return exportResponse((await listRunAnswers({ ...reader, query }, deps)) as AnswerExport);
  }
  const [{ case: detail }, read, answers] = await Promise.all([
    getCase(readerOf(input, { id: input.params.id }), deps),
    getRun(reader, deps),
    openRunAnswers(reader, deps),
  ]);
  const { entries, prompts } = answers.index;
  const matching = entries.filter((entry) => facetsMatch(entry, query));
  const pages = Math.max(1, Math.ceil(matching.length / ANSWERS_PER_PAGE));
  const page = Math.min(pageNumber({ ...input.query, cursor: filters.cursor }, matching), pages);
  const from = (page - 1) * ANSWERS_PER_PAGE;
  const { cursor: _cursor, ...selection } = filters;
  return htmlPage(
    answersPage({
      viewer: viewerOf(input.principal),
      detail,
      run: read.run,
      grid: { entries, prompts },
      answers: await answers.views(matching.slice(from, from + ANSWERS_PER_PAGE)),
      paging: {
        page,
        pages,
        from,
        total: matching.length,
        of: entries.length,
        size: ANSWERS_PER_PAGE,
      },
      filters: selection,
      refused,
    }),
    Object.keys(refused).length > 0 ? 400 : 200,
  );
}

function competitorsWith(
  detail: Awaited<ReturnType<typeof getCase>>['case'],
  name: string,
): unknown[] {
  const current = detail.competitor_profiles.map((competitor) => ({
    name: competitor.name,
    domain: competitor.domain,
    aliases: competitor.aliases,
  }));
  const known = current.some((competitor) => competitor.name.toLowerCase() === name.toLowerCase());
  return known ? current : [...current, name];
}

export async function trackCompetitorFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof TrackCompetitorFormSchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const { case: detail } = await getCase(readerOf(input, input.params), deps);
  const body = parseWith(PatchCaseBodySchema, {
    competitors: competitorsWith(detail, input.body.name),
  });
  await patchCase({ ...input, body }, deps);
  const back = input.body.run_id
    ? DASHBOARD_PATHS.caseRun(input.params.id, input.body.run_id, { notice: 'competitor_tracked' })
    : `${DASHBOARD_PATHS.case(input.params.id)}?notice=competitor_tracked`;
  return redirect(back);
}

export async function setCaseStatusFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof CaseStatusFormSchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const body = parseWith(PatchCaseBodySchema, { status: input.body.status });
  await patchCase({ ...input, body }, deps);
  const notice = input.body.status === 'archived' ? 'case_archived' : 'case_restored';
  return redirect(`${DASHBOARD_PATHS.case(input.params.id)}?notice=${notice}`);
}
