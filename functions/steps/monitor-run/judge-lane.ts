import { getMonitorLaneDeps } from '#shared/monitor/lane-composition';
import { JudgeLaneInputSchema } from '#shared/monitor/steps/context';
import { judgeLane } from '#shared/monitor/steps/judge';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'judgeLane',
  JudgeLaneInputSchema,
  judgeLane,
  getMonitorLaneDeps,
);
