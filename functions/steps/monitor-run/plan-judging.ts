import { RunStepInputSchema } from '#shared/domain/monitor/steps/context';
import { planJudging } from '#shared/domain/monitor/steps/judge';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getMonitorStepDeps } from '#shared/wiring/monitor-steps';

export const handler = createStepHandler(
  'planJudging',
  RunStepInputSchema,
  planJudging,
  getMonitorStepDeps,
);
