/** Batch pages over `create_batch`, `get_batch` and `list_batches` (the account's recent jobs). */
import type { z } from 'zod';
import { sortEntries } from '#shared/domain/batch/accept';
import {
  type BatchDeps,
  createBatch,
  getBatch,
  listBatches,
} from '#shared/domain/batch/operations';
import { type BatchIdParams, CreateBatchBodySchema } from '#shared/domain/batch/schemas';
import { nowIso } from '#shared/domain/kernel/clock';
import { PaymentRequiredError } from '#shared/domain/kernel/errors';
import { activePlan } from '#shared/domain/kernel/plans';
import {
  type BatchesView,
  batchCreatedPage,
  batchesPage,
  batchJobPage,
} from '#shared/surfaces/dashboard/views/batches-page';
import { submitForm } from './form-kit/form.ts';
import { type BatchFormSchema, lines } from './forms.ts';
import { BATCH_FORM } from './forms-scans.ts';
import {
  htmlPage,
  type PageResponse,
  parseWith,
  type SessionInput,
  viewerOf,
} from './responses.ts';

export type BatchPageDeps = Pick<BatchDeps, 'store' | 'quota' | 'users' | 'limits' | 'clock'>;

const RECENT_JOBS = 15;

async function overview(
  input: SessionInput<unknown, unknown, unknown>,
  deps: BatchPageDeps,
): Promise<Omit<BatchesView, 'viewer'>> {
  const userId = input.principal.accountId;
  const day = nowIso(deps.clock).slice(0, 10);
  const [page, usedToday, user] = await Promise.all([
    listBatches(
      { ...input, params: undefined, body: undefined, query: { limit: RECENT_JOBS } },
      deps,
    ),
    deps.quota.used(userId, day),
    deps.users.findUserById(userId),
  ]);
  let quota: BatchesView['quota'];
  try {
    const plan = activePlan(user?.account ?? null, deps.clock.now());
    const limits = deps.limits[plan];
    quota = { plan, perBatch: limits.per_batch, perDay: limits.per_day, usedToday };
  } catch (error) {
    if (!(error instanceof PaymentRequiredError)) throw error;
    quota = { ended: error.message };
  }
  const jobs = page.jobs.map(({ id, status, counts, created_at }) => ({
    id,
    status,
    total: counts.total,
    created_at,
  }));
  return { jobs, quota };
}

export async function batchesOverview(
  input: SessionInput,
  deps: BatchPageDeps,
): Promise<PageResponse> {
  return htmlPage(
    batchesPage({ viewer: viewerOf(input.principal), ...(await overview(input, deps)) }),
  );
}

export async function createBatchFromForm(
  input: SessionInput<undefined, undefined, z.output<typeof BatchFormSchema>>,
  deps: BatchDeps,
): Promise<PageResponse> {
  const viewer = viewerOf(input.principal);
  const created = await submitForm(BATCH_FORM, input.body, () =>
    createBatch(
      { ...input, body: parseWith(CreateBatchBodySchema, { domains: lines(input.body.domains) }) },
      deps,
    ),
  );
  if (!created.ok) {
    const rejected = (created.details.rejected ?? []) as { domain: string; reason: string }[];
    return htmlPage(
      batchesPage({ viewer, ...(await overview(input, deps)), form: created.state, rejected }),
      created.status,
    );
  }
  const status = await getBatch(
    { ...input, params: { id: created.value.job.id }, body: undefined },
    deps,
  );
  // The same rule that collapsed them tells the person which lines named a domain twice.
  const { duplicates } = sortEntries(lines(input.body.domains), deps.allowPrivateTargets);
  return htmlPage(batchCreatedPage(viewer, created.value, status, duplicates), 202);
}

export async function batchJob(
  input: SessionInput<BatchIdParams>,
  deps: Pick<BatchDeps, 'store'>,
): Promise<PageResponse> {
  // getBatch refuses another account's job; the job item then holds what was not queued.
  const status = await getBatch(input, deps);
  const job = await deps.store.getJob(status.job.id);
  const sorted = { rejected: job?.rejected ?? [], duplicates: job?.duplicates ?? [] };
  return htmlPage(batchJobPage(viewerOf(input.principal), status, sorted));
}

const CSV_COLUMNS = ['domain', 'status', 'score', 'scan_id', 'error', 'finished_at'] as const;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function batchCsv(
  input: SessionInput<BatchIdParams>,
  deps: Pick<BatchDeps, 'store'>,
): Promise<PageResponse> {
  const status = await getBatch(input, deps);
  const rows = status.results.map((row) =>
    CSV_COLUMNS.map((column) => csvCell(row[column])).join(','),
  );
  return {
    body: `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`,
    headers: {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="batch-${status.job.id}.csv"`,
    },
  };
}
