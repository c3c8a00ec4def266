/**
 * The monthly schedule's target (EventBridge Scheduler, shared/surfaces/schedules/manifest.ts):
 * the AI agents' published ranges read again from their operators' lists and kept in the store
 * (shared/domain/agents/refresh.ts). A second delivery fetches the lists again and stores the
 * same dataset; a list that cannot be read keeps its previous entry.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { refreshStoredRanges } from '#shared/domain/agents/refresh';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';
import { getRangesRefreshDeps } from '#shared/wiring/agent-ranges-refresh';
import { getLogger } from '#shared/wiring/logger';

type RefreshOutcome = Awaited<ReturnType<typeof refreshStoredRanges>>;

export const handler = middy<unknown, RefreshOutcome, Error, Context>({ timeoutEarlyInMillis: 0 })
  .use(invocationLogging(getLogger))
  .handler(async () => {
    const result = await refreshStoredRanges(getRangesRefreshDeps());
    if (result.failed.length > 0) {
      getLogger().warn('agent ranges: some lists could not be read', { failed: result.failed });
    }
    getLogger().info('agent ranges refreshed', {
      as_of: result.as_of,
      refreshed: result.refreshed,
    });
    return result;
  });
