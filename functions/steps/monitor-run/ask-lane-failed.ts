/**
 * Step Functions task `askLaneFailed` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `LaneFailedInputSchema` and
 * runs `askLaneFailed` with the dependencies of `getMonitorStepDeps`.
 */
import { LaneFailedInputSchema } from '#shared/domain/monitor/steps/context';
import { askLaneFailed } from '#shared/domain/monitor/steps/finish';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'askLaneFailed',
  LaneFailedInputSchema,
  askLaneFailed,
  getMonitorStepDeps,
  getLogger,
);
