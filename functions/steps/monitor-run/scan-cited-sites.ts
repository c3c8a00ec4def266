/**
 * Step Functions task `scanCitedSites` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `RunStepInputSchema` and runs
 * `scanCitedSites` with the dependencies of `getReadinessStepDeps`.
 */
import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { scanCitedSites } from '#shared/domain/monitor/steps/readiness';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getReadinessStepDeps } from '#shared/wiring/monitor-readiness';

export const handler = createStepHandler(
  'scanCitedSites',
  RunStepInputSchema,
  scanCitedSites,
  getReadinessStepDeps,
  getLogger,
);
