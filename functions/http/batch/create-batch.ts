/**
 * Lambda entry for `POST /api/v1/scans/batch` (operation `create_batch`): the API pipeline
 * (authentication, validation, error envelope) around `createBatch`; its dependencies come from
 * `getBatchDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createBatch } from '#shared/domain/batch/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { BATCH_ROUTES } from '#shared/surfaces/api/routes/batch';
import { getApiDeps } from '#shared/wiring/api';
import { getBatchDeps } from '#shared/wiring/batch';

export const handler = createApiHandler(
  BATCH_ROUTES.create_batch,
  createBatch,
  getBatchDeps,
  getApiDeps,
);
