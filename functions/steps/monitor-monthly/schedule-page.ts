/**
 * Step Functions task `schedulePage` of the monitor-monthly workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `MonthlyPageInputSchema` and
 * runs `scheduleMonthlyStep` (one page of cases) with the dependencies of `getMonitorDeps`.
 */
import { scheduleMonthlyStep } from '#shared/domain/monitor/schedule';
import { MonthlyPageInputSchema } from '#shared/domain/monitor/schedule-schemas';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createStepHandler(
  'schedulePage',
  MonthlyPageInputSchema,
  scheduleMonthlyStep,
  getMonitorDeps,
  getLogger,
);
