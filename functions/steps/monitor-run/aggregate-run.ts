/**
 * Step Functions task `aggregateRun` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `RunStepInputSchema` and runs
 * `aggregateRun` with the dependencies of `getMonitorStepDeps`.
 */
import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { aggregateRun } from '#shared/domain/monitor/steps/finish';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'aggregateRun',
  RunStepInputSchema,
  aggregateRun,
  getMonitorStepDeps,
  getLogger,
);
