import { getBatchStoreDeps } from '#shared/batch/composition';
import { FailureStepInputSchema, recordDomainFailure } from '#shared/batch/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'recordDomainFailure',
  FailureStepInputSchema,
  recordDomainFailure,
  getBatchStoreDeps,
);
