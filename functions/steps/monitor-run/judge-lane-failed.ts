import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { LaneFailedInputSchema } from '#shared/monitor/steps/context';
import { judgeLaneFailed } from '#shared/monitor/steps/finish';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'judgeLaneFailed',
  LaneFailedInputSchema,
  judgeLaneFailed,
  getMonitorStepDeps,
);
