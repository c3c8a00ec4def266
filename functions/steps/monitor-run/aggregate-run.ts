import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { RunStepInputSchema } from '#shared/monitor/steps/context';
import { aggregateRun } from '#shared/monitor/steps/finish';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'aggregateRun',
  RunStepInputSchema,
  aggregateRun,
  getMonitorStepDeps,
);
