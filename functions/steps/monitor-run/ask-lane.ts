/**
 * Step Functions task `askLane` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `LaneInputSchema` and runs
 * `askLane` with the dependencies of `getMonitorLaneDeps`.
 */
import { askLane } from '#shared/domain/monitor/steps/ask';
import { LaneInputSchema } from '#shared/domain/monitor/steps/context';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorLaneDeps } from '#shared/wiring/monitor-lanes';

export const handler = createStepHandler(
  'askLane',
  LaneInputSchema,
  askLane,
  getMonitorLaneDeps,
  getLogger,
);
