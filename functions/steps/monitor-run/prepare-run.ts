/**
 * Step Functions task `prepareRun` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `RunStepInputSchema` and runs
 * `prepareRun` with the dependencies of `getMonitorStepDeps`.
 */
import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { prepareRun } from '#shared/domain/monitor/steps/prepare';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'prepareRun',
  RunStepInputSchema,
  prepareRun,
  getMonitorStepDeps,
  getLogger,
);
