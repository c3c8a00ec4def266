/**
 * The sweep schedule's target (EventBridge Scheduler, shared/surfaces/schedules/manifest.ts):
 * finishes the stats count and `scan.completed` event of scans whose process died after saving
 * them (shared/domain/scans/sweep.ts). The event carries nothing the function needs; a second
 * delivery finds the scans settled, and each effect is idempotent per scan id anyway.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { type SweepResult, sweepAbandonedScans } from '#shared/domain/scans/sweep';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
import { getLogger } from '#shared/wiring/logger';
import { getClock } from '#shared/wiring/platform';
import { getScanWriteDeps } from '#shared/wiring/scans';

export const handler = middy<unknown, SweepResult, Error, Context>({ timeoutEarlyInMillis: 0 })
  .use(invocationLogging(getLogger))
  .handler(async () => {
    const result = await sweepAbandonedScans(getScanWriteDeps().scanner, getClock().now());
    if (result.scans.length > 0) {
      getLogger().warn('settled scans a dead process left unsettled', {
        savedBefore: result.saved_before,
        scans: result.scans,
      });
    }
    return result;
  });
