/**
 * An account's export and erasure (docs/api.md "Export and erasure", docs/data-model.md): both
 * are requested by a route, written with their audit event, and done by the `account-job`
 * workflow one page at a time, each page idempotent, so a job that stops (a crash, a restart of
 * the local stack) goes on from where it stood.
 * - Export (an admin or the owner): JSON lines of everything the account owns, webhooks without
 *   their secrets, keys without their hashes; kept EXPORT_RETENTION_DAYS, read with the same key.
 * - Erasure (the owner, confirming with the account's id): from the request on no key or session
 *   acts for the account (401); its subscription is canceled at the payment provider and its
 *   billing records deleted (billing/erasure.ts); then every item of it is deleted, but its public scan results,
 *   which stay public without their owner; its record stays as a tombstone with no personal data,
 *   so its id is never an account again.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { auditEvent } from '#shared/domain/audit/events';
import { type ErasureBillingDeps, endBillingOfErasedAccount } from '#shared/domain/billing/erasure';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import { answeredWith, type CallerInput } from '#shared/domain/kernel/operation';
import { executionNameFor, type WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import {
  type ErasureStore,
  type ExportStore,
  type StoredExport,
  WALK_START,
} from './account-job-ports.ts';
import type {
  EraseAccountBody,
  ExportIdParams,
  ExportQuery,
  ExportView,
} from './account-job-schemas.ts';

export const EXPORT_RETENTION_DAYS = 7;

export interface AccountJobDeps {
  exports: ExportStore;
  erasure: ErasureStore;
  workflows: WorkflowStarter;
  clock: Clock;
  logger: Logger;
}

/** The workflow's step: the routes' dependencies, and billing (the erasure ends it first). */
export interface AccountJobStepDeps extends AccountJobDeps {
  billing: ErasureBillingDeps;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The input of every `account-job` step: which job, of which account. */
export const AccountJobInputSchema = z.object({
  kind: z.enum(['export', 'erasure']),
  account_id: z.string().min(1),
  export_id: z.string().optional(),
});
export type AccountJobInput = z.infer<typeof AccountJobInputSchema>;

export const AccountJobFailedInputSchema = AccountJobInputSchema.extend({
  failure: z.unknown().optional(),
});

function startJob(job: AccountJobInput, deps: Pick<AccountJobDeps, 'workflows'>) {
  const name =
    job.kind === 'export'
      ? executionNameFor('export', job.export_id ?? '')
      : executionNameFor('erasure', job.account_id);
  // Every state of the workflow passes `export_id` on: an erasure's is empty.
  return deps.workflows.start('account-job', name, { ...job, export_id: job.export_id ?? '' });
}

function exportView(record: StoredExport, baseUrl: string): ExportView {
  if (record.status !== 'done') return { id: record.id, status: record.status };
  return {
    id: record.id,
    status: record.status,
    url: `${baseUrl}/api/v1/account/exports/${record.id}?format=jsonl`,
    expires_at: new Date(record.expires_at * 1000).toISOString(),
  };
}

export async function requestExport(input: CallerInput, deps: AccountJobDeps) {
  const caller = input.principal;
  const now = deps.clock.now();
  const record: StoredExport = {
    id: `exp_${randomBytes(12).toString('base64url')}`,
    account_id: caller.accountId,
    status: 'queued',
    requested_by: caller.memberId,
    created_at: now.toISOString(),
    finished_at: null,
    expires_at: epochSeconds(now) + EXPORT_RETENTION_DAYS * 86_400,
    progress: WALK_START,
    error: null,
  };
  const audit = auditEvent(
    caller,
    'account.export_requested',
    { type: 'export', id: record.id },
    {},
    deps.clock,
  );
  await deps.exports.createExport(record, audit);
  await startJob({ kind: 'export', account_id: caller.accountId, export_id: record.id }, deps);
  return { export: exportView(record, input.request.baseUrl) };
}

export async function getExport(
  input: CallerInput<ExportIdParams, ExportQuery>,
  deps: AccountJobDeps,
) {
  const record = await deps.exports.getExport(input.principal.accountId, input.params.id);
  if (!record || record.expires_at <= epochSeconds(deps.clock.now())) {
    throw new NotFoundError(`No export with id "${input.params.id}".`);
  }
  if (input.query.format !== 'jsonl') return { export: exportView(record, input.request.baseUrl) };
  if (record.status !== 'done') {
    throw new ConflictError('export_not_ready', `The export is ${record.status}; try when done.`);
  }
  return {
    export: {
      contentType: 'application/x-ndjson' as const,
      body: await deps.exports.readLines(record),
      filename: `account-${record.account_id}-${record.id}.jsonl`,
    },
  };
}

export async function requestErasure(
  input: CallerInput<undefined, undefined, EraseAccountBody>,
  deps: AccountJobDeps,
) {
  const caller = input.principal;
  if (caller.role !== 'owner') {
    throw new ForbiddenError(
      'insufficient_role',
      `Only the owner erases the account; your role is ${caller.role}.`,
      { details: { role: caller.role } },
    );
  }
  if (input.body.confirm.trim().toLowerCase() !== caller.accountId) {
    throw new BadRequestError(
      'invalid_confirmation',
      "To erase the account, send `confirm` with the account's id (GET /api/v1/account: id).",
    );
  }
  const at = nowIso(deps.clock);
  const audit = auditEvent(
    caller,
    'account.erasure_requested',
    { type: 'account', id: caller.accountId },
    {},
    deps.clock,
  );
  await deps.erasure.requestErasure(caller.accountId, at, audit);
  const state = await deps.erasure.getErasure(caller.accountId);
  await startJob({ kind: 'erasure', account_id: caller.accountId }, deps);
  return answeredWith(202, {
    erasure: {
      account_id: caller.accountId,
      status: state?.status ?? 'queued',
      requested_at: state?.requested_at ?? at,
    },
  });
}

/** One page of the job; `done` ends the workflow's loop. */
export async function accountJobStep(
  input: AccountJobInput,
  deps: AccountJobStepDeps,
): Promise<{ done: boolean }> {
  if (input.kind === 'erasure') {
    // Before every page, idempotent: once done it finds no billing record and does nothing.
    await endBillingOfErasedAccount(input.account_id, deps.billing);
    const { done } = await deps.erasure.erasePage(input.account_id);
    if (done) await deps.erasure.finishErasure(input.account_id, nowIso(deps.clock));
    return { done };
  }
  const record = await deps.exports.getExport(input.account_id, input.export_id ?? '');
  if (!record || record.status === 'done' || record.status === 'failed') return { done: true };
  const page = await deps.exports.readPage(record.account_id, record.progress);
  await deps.exports.savePage(record, record.progress, page, nowIso(deps.clock));
  return { done: page.next === null };
}

/** The step kept failing: an export is failed (an erasure stays open, resumed later). */
export async function accountJobFailed(
  input: z.infer<typeof AccountJobFailedInputSchema>,
  deps: AccountJobDeps,
): Promise<void> {
  deps.logger.error('account job failed', { kind: input.kind, account_id: input.account_id });
  if (input.kind !== 'export') return;
  const record = await deps.exports.getExport(input.account_id, input.export_id ?? '');
  if (record && record.status !== 'done') {
    await deps.exports.markFailed(record, 'The export could not be completed.', nowIso(deps.clock));
  }
}

/** Starts again every export and erasure not finished (the local stack, at start). */
export async function resumeAccountJobs(deps: AccountJobDeps): Promise<string[]> {
  const resumed: string[] = [];
  for (const record of await deps.exports.listOpenExports()) {
    await startJob({ kind: 'export', account_id: record.account_id, export_id: record.id }, deps);
    resumed.push(record.id);
  }
  for (const state of await deps.erasure.listOpenErasures()) {
    await startJob({ kind: 'erasure', account_id: state.account_id }, deps);
    resumed.push(state.account_id);
  }
  return resumed;
}
