import { getBatchStoreDeps } from '#shared/batch/composition';
import { FinalizeStepInputSchema, finalizeJob } from '#shared/batch/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'finalizeJob',
  FinalizeStepInputSchema,
  finalizeJob,
  getBatchStoreDeps,
);
