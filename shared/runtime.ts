import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiRuntime } from '#shared/api/http-handler';
import { type Config, loadConfig } from '#shared/config';
import { createSafeFetcher } from '#shared/net/safe-fetch';
import { createScanService, type ScanService } from '#shared/scans/service';
import { createDocumentClient } from '#shared/store/client';
import { createQuotaRepository } from '#shared/store/quota-repository';
import { createScansRepository } from '#shared/store/scans-repository';
import { createStatsRepository } from '#shared/store/stats-repository';
import { createUsersRepository, type UsersRepository } from '#shared/store/users-repository';

/**
 * The composition root: configuration, AWS clients and services, built once per process (a
 * Lambda cold start, or the local stack) on first use, so importing a handler has no side effects.
 */
export interface Runtime extends ApiRuntime {
  config: Config;
  doc: DynamoDBDocumentClient;
  users: UsersRepository;
  scans: ScanService;
}

let current: Runtime | undefined;

export function buildRuntime(config: Config): Runtime {
  const doc = createDocumentClient({
    region: config.AWS_REGION,
    endpoint: config.DYNAMODB_ENDPOINT,
  });
  const users = createUsersRepository(doc, config.TABLE_NAME);
  return {
    config,
    doc,
    users,
    keys: users,
    adminEmails: config.ADMIN_EMAILS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    scans: createScanService({
      scans: createScansRepository(doc, config.TABLE_NAME),
      stats: createStatsRepository(doc, config.TABLE_NAME),
      quotas: createQuotaRepository(doc, config.TABLE_NAME),
      fetcher: createSafeFetcher({
        allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
        // An honest, documented identity: site owners can look up who scanned them and why.
        ...(config.PUBLIC_BASE_URL
          ? { userAgent: `AgentReadinessScanner/2.0 (+${config.PUBLIC_BASE_URL}/docs#scanner)` }
          : {}),
      }),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      anonymousScansPerDay: config.ANONYMOUS_SCANS_PER_DAY,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
    }),
  };
}

export function getRuntime(): Runtime {
  current ??= buildRuntime(loadConfig());
  return current;
}

/** Forgets the runtime so the next call reads the environment again (local stack restarts, tests). */
export function resetRuntime(): void {
  current?.doc.destroy();
  current = undefined;
}
