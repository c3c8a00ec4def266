import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { LaneFailedInputSchema } from '#shared/monitor/steps/context';
import { askLaneFailed } from '#shared/monitor/steps/finish';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'askLaneFailed',
  LaneFailedInputSchema,
  askLaneFailed,
  getMonitorStepDeps,
);
