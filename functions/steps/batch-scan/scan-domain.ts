import { getBatchScanDeps } from '#shared/batch/scan-composition';
import { DomainStepInputSchema, scanJobDomain } from '#shared/batch/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'scanJobDomain',
  DomainStepInputSchema,
  scanJobDomain,
  getBatchScanDeps,
);
