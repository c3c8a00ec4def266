import { askLane } from '#shared/domain/monitor/steps/ask';
import { LaneInputSchema } from '#shared/domain/monitor/steps/context';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getMonitorLaneDeps } from '#shared/wiring/monitor-lanes';

export const handler = createStepHandler('askLane', LaneInputSchema, askLane, getMonitorLaneDeps);
