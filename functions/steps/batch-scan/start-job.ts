import { JobStepInputSchema, startJob } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchStoreDeps } from '#shared/wiring/batch';

export const handler = createStepHandler(
  'startJob',
  JobStepInputSchema,
  startJob,
  getBatchStoreDeps,
);
