import { getBatchStoreDeps } from '#shared/batch/composition';
import { JobStepInputSchema, startJob } from '#shared/batch/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'startJob',
  JobStepInputSchema,
  startJob,
  getBatchStoreDeps,
);
