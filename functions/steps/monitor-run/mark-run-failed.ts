/**
 * Step Functions task `markRunFailed` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `FailedStepInputSchema` and
 * runs `markRunFailed` with the dependencies of `getMonitorStepDeps`.
 */
import { FailedStepInputSchema } from '#shared/domain/monitor/steps/context';
import { markRunFailed } from '#shared/domain/monitor/steps/finish';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'markRunFailed',
  FailedStepInputSchema,
  markRunFailed,
  getMonitorStepDeps,
  getLogger,
);
