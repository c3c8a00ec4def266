/**
 * The monthly schedule's target (EventBridge Scheduler, `cron(0 0 1 * ? *)` in UTC): starts the
 * monitor-monthly workflow, which pages through the cases and gives each eligible case its
 * `monthly` run. The event carries nothing the function needs; a second delivery of the same
 * month starts a second walk that adds no run (periods are claimed once per case).
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { startMonthlySchedule } from '#shared/domain/monitor/schedule';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorConfig } from '#shared/wiring/monitor';
import { getClock } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';

export const handler = middy<unknown, { period: string; execution: string }, Error, Context>({
  timeoutEarlyInMillis: 0,
})
  .use(invocationLogging(getLogger))
  .handler(async () => {
    const pageSize = getMonitorConfig().schedulePageSize;
    const started = await startMonthlySchedule(getWorkflowStarter(), getClock(), pageSize);
    getLogger().info('monthly monitor schedule started', started);
    return started;
  });
