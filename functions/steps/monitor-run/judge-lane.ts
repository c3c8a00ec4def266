/**
 * Step Functions task `judgeLane` of the monitor-run workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `JudgeLaneInputSchema` and
 * runs `judgeLane` with the dependencies of `getMonitorLaneDeps`.
 */
import { JudgeLaneInputSchema } from '#shared/domain/monitor/steps/context';
import { judgeLane } from '#shared/domain/monitor/steps/judge';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorLaneDeps } from '#shared/wiring/monitor-lanes';

export const handler = createStepHandler(
  'judgeLane',
  JudgeLaneInputSchema,
  judgeLane,
  getMonitorLaneDeps,
  getLogger,
);
