/**
 * Step Functions task `startJob` of the batch-scan workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `JobStepInputSchema` and runs
 * `startJob` with the dependencies of `getBatchStoreDeps`.
 */
import { JobStepInputSchema, startJob } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchStoreDeps } from '#shared/wiring/batch';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'startJob',
  JobStepInputSchema,
  startJob,
  getBatchStoreDeps,
  getLogger,
);
