import { createApiHandler } from '#shared/api/http-handler';
import { BATCH_ROUTES } from '#shared/api/routes/batch';
import { getBatchStoreDeps } from '#shared/batch/composition';
import { listBatches } from '#shared/batch/operations';

export const handler = createApiHandler(BATCH_ROUTES.list_batches, listBatches, getBatchStoreDeps);
