import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { RunStepInputSchema } from '#shared/monitor/steps/context';
import { planJudging } from '#shared/monitor/steps/judge';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'planJudging',
  RunStepInputSchema,
  planJudging,
  getMonitorStepDeps,
);
