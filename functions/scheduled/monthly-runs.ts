/**
 * The monthly schedule's target (EventBridge Scheduler, `cron(0 0 1 * ? *)` in UTC): one
 * `monthly` run per eligible case. The event carries nothing the function needs; a second
 * delivery of the same month adds no run (periods are claimed once per case).
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { type MonthlyResult, scheduleMonthlyRuns } from '#shared/domain/monitor/schedule';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
import { getLogger } from '#shared/wiring/logger';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = middy<unknown, MonthlyResult, Error, Context>({ timeoutEarlyInMillis: 0 })
  .use(invocationLogging(getLogger))
  .handler(async () => {
    const logger = getLogger();
    const result = await scheduleMonthlyRuns(getMonitorDeps());
    const counts = {
      period: result.period,
      created: result.created.length,
      skipped: result.skipped.length,
      failed: result.failed.length,
    };
    if (result.failed.length > 0) {
      logger.error('monthly monitor runs not all started', { ...counts, failures: result.failed });
    } else {
      logger.info('monthly monitor runs scheduled', counts);
    }
    return result;
  });
