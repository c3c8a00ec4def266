/**
 * Reading one run and its answers, and deleting a run's stored answers (additions,
 * docs/decisions.md "Issue 16"). The same access rules as the other case routes: reads resolve
 * the case like `get_case` (own cases; any tenant's for monitor:admin), deletion only for the
 * owner; a run of another case, or of another tenant, reads as 404.
 */
import { BadRequestError, ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, ownCase, readableCase } from './access.ts';
import { type AnswerFilters, answerMatches, withinDomain } from './answer-filters.ts';
import { answerCsvHeader, answerCsvRow, answerJsonLine, answerView } from './answer-view.ts';
import { isCanary } from './engine/canaries.ts';
import type { RunDataStore, RunsStore, StoredCase, StoredRun } from './ports.ts';
import { cellKeyString } from './ports.ts';
import type { ProviderFamily } from './provider-port.ts';
import { runOfCase, runRefOf } from './run-ref.ts';
import type {
  AnswerView,
  DeleteAnswersResponse,
  GetRunResponse,
  ListAnswersQuery,
  ListAnswersResponse,
  RunIdParams,
} from './run-schemas.ts';
import { runView } from './views.ts';

export interface RunReadDeps extends AccessDeps {
  runs: RunsStore;
  data: RunDataStore;
}

/** An export as the HTTP surface sends it: the whole body and its media type. */
export interface AnswerExport {
  export: { contentType: 'text/csv' | 'application/x-ndjson'; body: string; filename: string };
}

async function runOf(stored: StoredCase, runId: string, deps: RunReadDeps): Promise<StoredRun> {
  const run = await deps.runs.getRun(runOfCase(stored, runId));
  if (!run) throw new NotFoundError(`No run with id "${runId}" in this case.`);
  return run;
}

export async function getRun(
  input: CallerInput<RunIdParams>,
  deps: RunReadDeps,
): Promise<GetRunResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  const summary = run.status === 'done' ? await deps.runs.getSummary(runRefOf(run)) : undefined;
  return {
    run: { ...runView(run), canary: summary?.canary ?? null },
    summary: summary?.summary ?? null,
  };
}

export async function listRunAnswers(
  input: CallerInput<RunIdParams, ListAnswersQuery>,
  deps: RunReadDeps,
): Promise<ListAnswersResponse | AnswerExport> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  const views = await matchingAnswers(run, input.query, deps);
  const { format } = input.query;
  if (format !== 'json') {
    const csv = format === 'csv';
    return {
      export: {
        contentType: csv ? 'text/csv' : 'application/x-ndjson',
        body: csv
          ? answerCsvHeader() + views.map(answerCsvRow).join('')
          : views.map(answerJsonLine).join(''),
        filename: `run-${run.id}-answers.${csv ? 'csv' : 'jsonl'}`,
      },
    };
  }
  const after = decodeAnswerCursor(input.query.cursor);
  const start = after === undefined ? 0 : views.findIndex((view) => view.id > after);
  const from = start === -1 ? views.length : start;
  const page = views.slice(from, from + input.query.limit);
  const last = page.at(-1);
  const more = from + page.length < views.length;
  return { answers: page, next_cursor: more && last ? encodeAnswerCursor(last.id) : null };
}

/**
 * Every answer of the run that passes the filters (`answerMatches`, the one filter of the list
 * and the exports), in id order (stable across pages).
 */
async function matchingAnswers(
  run: StoredRun,
  query: AnswerFilters,
  deps: RunReadDeps,
): Promise<AnswerView[]> {
  const data = await deps.data.loadRunData(runRefOf(run));
  const judgements = new Map(data.judgements.map((j) => [cellKeyString(j.key), j]));
  const views: AnswerView[] = [];
  for (const answer of data.answers) {
    // The canaries are the service's control questions, not answers about the case.
    if (answer.status !== 'ok' || isCanary(answer.key.cell_id)) continue;
    const view = answerView(run.profile, answer, judgements.get(cellKeyString(answer.key)));
    if (answerMatches(view, query)) views.push(view);
  }
  return views.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A page of the brand's own site (its domain or a subdomain) that a run's answers cite. */
export interface OwnCitedPage {
  url: string;
  /** Answers citing it. */
  answers: number;
  /** The families whose answers cite it, in the order first seen. */
  families: ProviderFamily[];
}

/** The case page lists this many of the brand's cited pages at most, most cited first. */
export const OWN_CITED_PAGES = 50;

/**
 * The brand site's pages the run's answers cite (sources the answers point at, as the
 * `cited_domain` filter counts them), most cited first; the case's owner comes along, whose
 * agent logs say when the citing families' agents last fetched each page.
 */
export async function ownCitedPages(
  input: CallerInput<RunIdParams>,
  deps: RunReadDeps,
): Promise<{ owner_id: string; domain: string; pages: OwnCitedPage[] }> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  const views = await matchingAnswers(run, { cited_domain: stored.domain }, deps);
  const pages = new Map<string, OwnCitedPage>();
  for (const view of views) {
    const urls = new Set(
      view.sources
        .filter((source) => source.cited && withinDomain(source.domain, stored.domain))
        .map((source) => source.url),
    );
    for (const url of urls) {
      const page = pages.get(url) ?? { url, answers: 0, families: [] };
      page.answers += 1;
      if (!page.families.includes(view.family)) page.families.push(view.family);
      pages.set(url, page);
    }
  }
  const listed = [...pages.values()]
    .sort((a, b) => b.answers - a.answers || (a.url < b.url ? -1 : 1))
    .slice(0, OWN_CITED_PAGES);
  return { owner_id: stored.owner_id, domain: stored.domain, pages: listed };
}

/** A cursor names the last answer id of the page, so pages stay stable (answers never change). */
function encodeAnswerCursor(id: string): string {
  return Buffer.from(JSON.stringify({ after: id }), 'utf8').toString('base64url');
}

function decodeAnswerCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (decoded as { after?: unknown } | null)?.after;
    if (typeof after === 'string' && after.length > 0) return after;
  } catch {
    // Falls through to the error below.
  }
  throw new BadRequestError('invalid_cursor', 'The cursor is not one this route returned.');
}

export async function deleteRunAnswers(
  input: CallerInput<RunIdParams>,
  deps: RunReadDeps,
): Promise<DeleteAnswersResponse> {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  if (run.status === 'queued' || run.status === 'running') {
    throw new ConflictError(
      'run_pending',
      'The run is still in progress; its answers can be deleted once it has finished.',
    );
  }
  const cells = await deps.data.deleteAnswers(runRefOf(run));
  // The canaries go too, but the count is of the answers the list showed.
  return { deleted: cells.filter((cell) => !isCanary(cell.split('#')[2] ?? '')).length };
}
