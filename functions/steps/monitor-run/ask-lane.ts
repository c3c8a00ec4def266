import { getMonitorLaneDeps } from '#shared/monitor/lane-composition';
import { askLane } from '#shared/monitor/steps/ask';
import { LaneInputSchema } from '#shared/monitor/steps/context';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler('askLane', LaneInputSchema, askLane, getMonitorLaneDeps);
