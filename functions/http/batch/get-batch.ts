/**
 * Lambda entry for `GET /api/v1/scans/batch/{id}` (operation `get_batch`): the API pipeline
 * (authentication, validation, error envelope) around `getBatch`; its dependencies come from
 * `getBatchStoreDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { getBatch } from '#shared/domain/batch/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { BATCH_ROUTES } from '#shared/surfaces/api/routes/batch';
import { getApiDeps } from '#shared/wiring/api';
import { getBatchStoreDeps } from '#shared/wiring/batch';

export const handler = createApiHandler(
  BATCH_ROUTES.get_batch,
  getBatch,
  getBatchStoreDeps,
  getApiDeps,
);
