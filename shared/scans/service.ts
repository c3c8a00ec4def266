import type { Scan, Stats } from '#shared/api/schemas';
import type { Principal } from '#shared/auth/authenticate';
import { NotFoundError, RateLimitedError } from '#shared/errors';
import type { SafeFetcher } from '#shared/net/safe-fetch';
import { logger } from '#shared/observability/logger';
import { runScan } from '#shared/scan/engine';
import { parseScanTarget } from '#shared/scan/target';
import { SCORING_VERSION } from '#shared/scan/types';
import { quotaBucketForAddress } from './client-address.ts';
import type { QuotaStore, ScanStore, StatsStore, StoredScan } from './ports.ts';
import { toStats } from './stats.ts';

export interface ScanServiceDeps {
  scans: ScanStore;
  stats: StatsStore;
  quotas: QuotaStore;
  fetcher: SafeFetcher;
  allowPrivateTargets: boolean;
  anonymousScansPerDay: number;
  scanDeadlineMs: number;
  now?: () => Date;
  newId?: () => string;
}

export interface Caller {
  principal: Principal;
  sourceIp: string;
  baseUrl: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function scanPageUrl(baseUrl: string, scanId: string): string {
  return `${baseUrl}/scans/${scanId}`;
}

function toPublicScan(stored: StoredScan, baseUrl: string): Scan {
  return { ...stored, url: scanPageUrl(baseUrl, stored.id) };
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

export function createScanService(deps: ScanServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());

  /** Anonymous callers: N scans per UTC day per address bucket, taken before the scan runs. */
  async function takeAnonymousQuota(sourceIp: string): Promise<void> {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    const retryAfterSeconds = secondsUntilNextUtcDay(at);
    const granted = await deps.quotas.consume(
      `ANON#${quotaBucketForAddress(sourceIp)}`,
      `DAY#${day}`,
      deps.anonymousScansPerDay,
      Math.floor(at.getTime() / 1000) + retryAfterSeconds + 86_400,
    );
    if (!granted) {
      throw new RateLimitedError(
        'rate_limited',
        `Anonymous scans are limited to ${deps.anonymousScansPerDay} per day per IP address. ` +
          'Use an API key with the scans:write scope, or retry after the limit resets at 00:00 UTC.',
        { retryAfterSeconds },
      );
    }
  }

  return {
    async scanDomain(domainInput: string, caller: Caller): Promise<Scan> {
      const target = parseScanTarget(domainInput, {
        allowPrivateTargets: deps.allowPrivateTargets,
      });
      if (caller.principal.kind === 'anonymous') await takeAnonymousQuota(caller.sourceIp);
      const report = await runScan(target, {
        fetcher: deps.fetcher,
        deadlineMs: deps.scanDeadlineMs,
      });
      const stored: StoredScan = {
        id: newId(),
        domain: report.domain,
        score: report.score,
        scoring_version: report.scoring_version,
        created_at: now().toISOString(),
        checks: report.checks,
      };
      await deps.scans.putScan(stored);
      try {
        await deps.stats.recordScan(stored);
      } catch (error) {
        // The scan itself is saved and answered; a missed aggregate must not fail the call.
        logger.error('stats update failed', { scanId: stored.id, error: error as Error });
      }
      return toPublicScan(stored, caller.baseUrl);
    },

    async getScan(id: string, baseUrl: string): Promise<Scan> {
      if (!UUID_PATTERN.test(id)) throw new NotFoundError(`No scan with id ${id}.`);
      const stored = await deps.scans.getScan(id.toLowerCase());
      if (!stored) throw new NotFoundError(`No scan with id ${id}.`);
      return toPublicScan(stored, baseUrl);
    },

    async getStats(): Promise<Stats> {
      return toStats(await deps.stats.readCounters(SCORING_VERSION), SCORING_VERSION);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
