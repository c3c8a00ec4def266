/**
 * Step Functions task `judgeLaneFailed` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `LaneFailedInputSchema` and
 * runs `judgeLaneFailed` with the dependencies of `getMonitorStepDeps`.
 */
import { LaneFailedInputSchema } from '#shared/domain/monitor/steps/context';
import { judgeLaneFailed } from '#shared/domain/monitor/steps/finish';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'judgeLaneFailed',
  LaneFailedInputSchema,
  judgeLaneFailed,
  getMonitorStepDeps,
  getLogger,
);
