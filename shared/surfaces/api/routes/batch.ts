/** The batch scan routes of docs/api.md "Batch scans" (REST only). */
import {
  BatchIdParamsSchema,
  BatchStatusResponseSchema,
  CreateBatchBodySchema,
  CreateBatchResponseSchema,
  ListBatchesQuerySchema,
  ListBatchesResponseSchema,
} from '#shared/domain/batch/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

export const BATCH_ROUTES = {
  create_batch: {
    operationId: 'create_batch',
    area: 'batch',
    method: 'POST',
    path: '/api/v1/scans/batch',
    summary: 'Queue a batch of domains to scan',
    description:
      'Valid domains are accepted and queued, invalid ones listed under `rejected` with a reason; ' +
      'the job id is returned at once (202) and the scans run through a durable workflow. Plan ' +
      'limits (`per_batch`, `per_day`) are enforced atomically: a batch larger than `per_batch` ' +
      'is refused whole (429); when the day has room for only part of a batch, that part is ' +
      'queued and the rest is rejected with the reason; with no room left, 429.',
    tag: 'Batch scans',
    auth: 'required',
    scope: 'scans:write',
    request: { body: CreateBatchBodySchema },
    response: { status: 202, schema: CreateBatchResponseSchema },
    errors: [
      'invalid_request',
      'unauthorized',
      'plan_required',
      'insufficient_scope',
      'quota_exceeded',
    ],
    data: 'readwrite',
    handler: 'functions/http/batch/create-batch.ts',
    starts: ['batch-scan'],
    mcpTool: false,
    idempotent: true,
  },
  list_batches: {
    operationId: 'list_batches',
    area: 'batch',
    method: 'GET',
    path: '/api/v1/scans/batch',
    summary: "List the account's batch jobs",
    description:
      "The account's batch jobs, newest first, each with its status and counts, with cursor pagination.",
    tag: 'Batch scans',
    auth: 'required',
    scope: 'scans:read',
    request: { query: ListBatchesQuerySchema },
    response: { status: 200, schema: ListBatchesResponseSchema },
    errors: ['unauthorized', 'insufficient_scope', 'invalid_request', 'invalid_cursor'],
    data: 'read',
    handler: 'functions/http/batch/list-batches.ts',
    mcpTool: false,
    addition: true,
  },
  get_batch: {
    operationId: 'get_batch',
    area: 'batch',
    method: 'GET',
    path: '/api/v1/scans/batch/{id}',
    summary: 'Read a batch job: its status, counts and one result row per domain',
    description:
      'Job status moves `queued` -> `running` -> `done` (every domain `done` or `failed`), or ' +
      '`failed` when the job itself stopped. `counts.queued` includes domains being scanned. ' +
      'Jobs of another account read as not found.',
    tag: 'Batch scans',
    auth: 'required',
    scope: 'scans:read',
    request: { params: BatchIdParamsSchema },
    response: { status: 200, schema: BatchStatusResponseSchema },
    errors: ['unauthorized', 'insufficient_scope', 'not_found'],
    data: 'read',
    handler: 'functions/http/batch/get-batch.ts',
    mcpTool: false,
  },
} as const satisfies Record<string, RouteDefinition>;
