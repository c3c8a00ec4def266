import { createBatch } from '#shared/domain/batch/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { BATCH_ROUTES } from '#shared/surfaces/api/routes/batch';
import { getBatchDeps } from '#shared/wiring/batch';

export const handler = createApiHandler(BATCH_ROUTES.create_batch, createBatch, getBatchDeps);
