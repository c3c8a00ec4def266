/**
 * Step Functions task `scanJobDomain` of the batch-scan workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `DomainStepInputSchema` and
 * runs `scanJobDomain` with the dependencies of `getBatchScanDeps`.
 */
import { DomainStepInputSchema, scanJobDomain } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchScanDeps } from '#shared/wiring/batch-scan';
import { getLogger } from '#shared/wiring/logger';

export const handler = createStepHandler(
  'scanJobDomain',
  DomainStepInputSchema,
  scanJobDomain,
  getBatchScanDeps,
  getLogger,
);
