import { DomainStepInputSchema, scanJobDomain } from '#shared/domain/batch/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getBatchScanDeps } from '#shared/wiring/batch-scan';

export const handler = createStepHandler(
  'scanJobDomain',
  DomainStepInputSchema,
  scanJobDomain,
  getBatchScanDeps,
);
