/**
 * The agent analytics' dependencies, built once per process on first use: the store, the
 * agent-log queue (SQS; none configured, uploads are refused as unavailable), the stored ranges
 * and the clock (docs/agent-logs.md). The registry route needs only the stored ranges.
 */
import { createAgentLogsRepository } from '#shared/adapters/dynamodb/agent-logs-repository';
import { createAgentRangesRepository } from '#shared/adapters/dynamodb/agent-ranges-repository';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { systemLookup } from '#shared/adapters/http/system-lookup';
import { createSqsIngestQueue } from '#shared/adapters/sqs/ingest-queue';
import type { AgentLogDeps, IngestQueue } from '#shared/domain/agent-logs/ports';
import type { AgentRegistryDeps } from '#shared/domain/agents/operations';
import type { RangesStore } from '#shared/domain/agents/ports';
import type { RefreshDeps } from '#shared/domain/agents/refresh';
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import type { Config } from '#shared/wiring/config';
import { getSqsClient } from '#shared/wiring/events';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { scannerBaseUrl, scannerUserAgent } from '#shared/wiring/scanner-identity';

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
    store: createAgentLogsRepository(getStore()),
    queue: url ? createSqsIngestQueue(getSqsClient(), url) : noQueue,
    ranges: getRangesStore(),
    clock: getClock(),
    logger: getLogger(),
    metrics: getMetrics(),
  };
});

/**
 * The refresh's fetcher for a configuration (the schedule's and the operator CLI's): guarded like
 * the scanner's (public addresses only, unless the local demo allows private ones; OFFLINE_DNS
 * keeps it on the machine), unsigned, and named as the service: it reads the operators'
 * published lists, not a customer's site.
 */
export function rangesFetcherFor(config: Config, serviceUrl: string): SafeFetcher {
  return createSafeFetcher({
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    dnsConcurrency: config.DNS_LOOKUP_CONCURRENCY,
    lookup: config.OFFLINE_DNS ? offlineLookup() : systemLookup,
    userAgent: scannerUserAgent(serviceUrl),
  });
}

export const getRangesRefreshDeps = lazy(
  (settings): RefreshDeps & { ranges: RangesStore } => ({
    fetcher: rangesFetcherFor(getConfig(), scannerBaseUrl(settings)),
    clock: getClock(),
    ranges: getRangesStore(),
  }),
  (deps) => void deps.fetcher.close(),
);

export const getAgentRegistryDeps = lazy(
  (): AgentRegistryDeps => ({ storedRanges: () => getRangesStore().read() }),
);
