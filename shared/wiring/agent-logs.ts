/**
 * The agent analytics' dependencies, built once per process on first use: the store, the
 * agent-log queue (SQS; none configured, uploads are refused as unavailable), the stored ranges
 * and the clock (docs/agent-logs.md). The registry route needs only the stored ranges; the
 * monthly refresh, which carries an HTTP client, is agent-ranges-refresh.ts.
 */
import { createAgentRangesRepository } from '#shared/adapters/dynamodb/agent-ranges-repository';
import { createSqsIngestQueue } from '#shared/adapters/sqs/ingest-queue';
import type { AgentLogDeps, IngestQueue } from '#shared/domain/agent-logs/ports';
import type { AgentRegistryDeps } from '#shared/domain/agents/operations';
import type { RangesStore } from '#shared/domain/agents/ports';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { getAgentLogStore } from '#shared/wiring/agent-log-store';
import { getSqsClient } from '#shared/wiring/events';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';

const noQueue: IngestQueue = {
  enqueue: () =>
    Promise.reject(
      new UnavailableError('service_unavailable', 'No agent-log queue is configured here.'),
    ),
};

export const getRangesStore = lazy((): RangesStore => createAgentRangesRepository(getStore()));

export const getAgentLogDeps = lazy((): AgentLogDeps => {
  const url = getConfig().AGENT_LOGS_QUEUE_URL;
  return {
    store: getAgentLogStore(),
    queue: url ? createSqsIngestQueue(getSqsClient(), url) : noQueue,
    ranges: getRangesStore(),
    clock: getClock(),
    logger: getLogger(),
    metrics: getMetrics(),
  };
});

export const getAgentRegistryDeps = lazy(
  (): AgentRegistryDeps => ({ storedRanges: () => getRangesStore().read() }),
);
