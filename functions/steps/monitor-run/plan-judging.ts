/**
 * Step Functions task `planJudging` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `RunStepInputSchema` and runs
 * `planJudging` with the dependencies of `getMonitorStepDeps`.
 */
import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { planJudging } from '#shared/domain/monitor/steps/judge';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'planJudging',
  RunStepInputSchema,
  planJudging,
  getMonitorStepDeps,
  getLogger,
);
