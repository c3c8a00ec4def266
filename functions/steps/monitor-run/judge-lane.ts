import { JudgeLaneInputSchema } from '#shared/domain/monitor/steps/context';
import { judgeLane } from '#shared/domain/monitor/steps/judge';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getMonitorLaneDeps } from '#shared/wiring/monitor-lanes';

export const handler = createStepHandler(
  'judgeLane',
  JudgeLaneInputSchema,
  judgeLane,
  getMonitorLaneDeps,
);
