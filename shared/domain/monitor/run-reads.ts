/**
 * Reading one run and its answers, and deleting a run's stored answers (additions,
 * docs/decisions.md "Issue 16"). The same access rules as the other case routes: reads resolve
 * the case like `get_case` (own cases; any tenant's for monitor:admin), deletion only for the
 * owner; a run of another case, or of another tenant, reads as 404.
 */

import { BadRequestError, ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import { isWebUrl } from '#shared/domain/kernel/net/web-url';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, ownCase, readableCase } from './access.ts';
import { answerMatches, facetsMatch, withinDomain } from './answer-filters.ts';
import { answerViewsOf, openAnswers, type RunAnswers } from './answer-index.ts';
import { answerCsvHeader, answerCsvRow, answerJsonLine } from './answer-view.ts';
import { isCanary } from './engine/canaries.ts';
import type { RunDataStore, RunsStore, StoredCase, StoredRun } from './ports.ts';
import type { ProviderFamily } from './provider-port.ts';
import { type RunProgress, runProgress } from './run-progress.ts';
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

/** How far a run under way has got (`run-progress.ts`); null once it has ended. */
export async function getRunProgress(
  input: CallerInput<RunIdParams>,
  deps: RunReadDeps,
): Promise<RunProgress | null> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  if (run.status !== 'queued' && run.status !== 'running') return null;
  return runProgress(run, deps.data);
}

export async function listRunAnswers(
  input: CallerInput<RunIdParams, ListAnswersQuery>,
  deps: RunReadDeps,
): Promise<ListAnswersResponse | AnswerExport> {
  const { format } = input.query;
  if (format !== 'json') {
    const { run, views: all } = await readRunAnswers(input, deps);
    const views = all.filter((view) => answerMatches(view, input.query));
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
  const answers = await openRunAnswers(input, deps);
  const matching = answers.index.entries.filter((entry) => facetsMatch(entry, input.query));
  const from = answersAfter(matching, input.query.cursor);
  const chosen = matching.slice(from, from + input.query.limit);
  const last = chosen.at(-1);
  const more = from + chosen.length < matching.length;
  return {
    answers: await answers.views(chosen),
    next_cursor: more && last ? encodeAnswerCursor(last.id) : null,
  };
}

/** Where the page after `cursor` starts in a list in id order; 0 without a cursor. */
export function answersAfter(list: readonly { id: string }[], cursor: string | undefined): number {
  const after = decodeAnswerCursor(cursor);
  if (after === undefined) return 0;
  const start = list.findIndex((entry) => entry.id > after);
  return start === -1 ? list.length : start;
}

/**
 * A run's answers for a list or a page: its answer index (every answer's facets, in id order)
 * and the views of the entries a reader picks, read by key (`answer-index.ts`), so a page reads
 * and measures only its own answers.
 */
export async function openRunAnswers(
  input: CallerInput<RunIdParams, unknown>,
  deps: RunReadDeps,
): Promise<RunAnswers> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  return openAnswers(await runOf(stored, input.params.run_id, deps), deps.data);
}

/**
 * Every answer of a run as the list shows it, in id order, from one read of the run's stored
 * answers and judge replies (the exports, which hold every answer that passes).
 */
export async function readRunAnswers(
  input: CallerInput<RunIdParams, unknown>,
  deps: RunReadDeps,
): Promise<{ run: StoredRun; views: AnswerView[] }> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await runOf(stored, input.params.run_id, deps);
  const data = await deps.data.loadRunData(runRefOf(run));
  return { run, views: answerViewsOf(run.profile, data) };
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
 * A page of the brand's own site: a web address whose host is the domain or under it. A
 * citation that only names the domain (Google's grounding redirect, titled with the domain) is
 * no page of the site and is left out (issue 36 point 3).
 */
function isOwnPage(url: string, domain: string): boolean {
  if (!isWebUrl(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  return withinDomain(host, domain);
}

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
  return citedPagesOfRun(stored, await runOf(stored, input.params.run_id, deps), deps);
}

/** The brand site's pages a run of a case already read cites (the API, the public report). */
export async function citedPagesOfRun(
  stored: StoredCase,
  run: StoredRun,
  deps: Pick<RunReadDeps, 'data'>,
): Promise<{ owner_id: string; domain: string; pages: OwnCitedPage[] }> {
  const answers = await openAnswers(run, deps.data);
  const citing = answers.index.entries.filter((entry) =>
    facetsMatch(entry, { cited_domain: stored.domain }),
  );
  const views = await answers.views(citing);
  const pages = new Map<string, OwnCitedPage>();
  for (const view of views) {
    const urls = new Set(
      view.sources
        .filter(
          (source) =>
            source.cited &&
            withinDomain(source.domain, stored.domain) &&
            isOwnPage(source.url, stored.domain),
        )
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
