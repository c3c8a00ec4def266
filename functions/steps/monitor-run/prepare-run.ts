import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { RunStepInputSchema } from '#shared/monitor/steps/context';
import { prepareRun } from '#shared/monitor/steps/prepare';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'prepareRun',
  RunStepInputSchema,
  prepareRun,
  getMonitorStepDeps,
);
