import { getMonitorStepDeps } from '#shared/monitor/step-composition';
import { FailedStepInputSchema } from '#shared/monitor/steps/context';
import { markRunFailed } from '#shared/monitor/steps/finish';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'markRunFailed',
  FailedStepInputSchema,
  markRunFailed,
  getMonitorStepDeps,
);
