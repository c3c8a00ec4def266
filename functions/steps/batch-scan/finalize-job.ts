/**
 * Step Functions task `finalizeJob` of the batch-scan workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `FinalizeStepInputSchema` and
 * runs `finalizeJob` with the dependencies of `getBatchStoreDeps`.
 */
import { FinalizeStepInputSchema, finalizeJob } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchStoreDeps } from '#shared/wiring/batch';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'finalizeJob',
  FinalizeStepInputSchema,
  finalizeJob,
  getBatchStoreDeps,
  getLogger,
);
