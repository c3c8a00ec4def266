import { createApiHandler } from '#shared/api/http-handler';
import { BATCH_ROUTES } from '#shared/api/routes/batch';
import { getBatchDeps } from '#shared/batch/composition';
import { createBatch } from '#shared/batch/operations';

export const handler = createApiHandler(BATCH_ROUTES.create_batch, createBatch, getBatchDeps);
