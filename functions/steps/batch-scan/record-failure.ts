/**
 * Step Functions task `recordDomainFailure` of the batch-scan workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `FailureStepInputSchema` and
 * runs `recordDomainFailure` with the dependencies of `getBatchStoreDeps`.
 */
import { FailureStepInputSchema, recordDomainFailure } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchStoreDeps } from '#shared/wiring/batch';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'recordDomainFailure',
  FailureStepInputSchema,
  recordDomainFailure,
  getBatchStoreDeps,
  getLogger,
);
