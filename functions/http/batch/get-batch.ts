import { createApiHandler } from '#shared/api/http-handler';
import { BATCH_ROUTES } from '#shared/api/routes/batch';
import { getBatchStoreDeps } from '#shared/batch/composition';
import { getBatch } from '#shared/batch/operations';

export const handler = createApiHandler(BATCH_ROUTES.get_batch, getBatch, getBatchStoreDeps);
