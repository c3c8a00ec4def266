import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { prepareRun } from '#shared/domain/monitor/steps/prepare';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'prepareRun',
  RunStepInputSchema,
  prepareRun,
  getMonitorStepDeps,
);
