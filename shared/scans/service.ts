import { routeById } from '#shared/api/manifest';
import { type Scan, type Stats, UuidSchema } from '#shared/api/schemas';
import type { Principal } from '#shared/auth/authenticate';
import { BadRequestError, NotFoundError, RateLimitedError, UnavailableError } from '#shared/errors';
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

interface QuotaUnit {
  key: string;
  window: string;
}

export function scanPageUrl(baseUrl: string, scanId: string): string {
  return `${baseUrl}${routeById('scan_page').path.replace('{id}', scanId)}`;
}

function toPublicScan(stored: StoredScan, baseUrl: string): Scan {
  return { ...stored, url: scanPageUrl(baseUrl, stored.id) };
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

/** Caller-supplied text for a message: printable ASCII, capped. */
function printable(text: string, maxLength: number): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > maxLength ? `${clean.slice(0, maxLength)}…` : clean;
}

export function createScanService(deps: ScanServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());

  /**
   * Anonymous callers: N scans per UTC day per address bucket, taken atomically before the scan
   * runs, so parallel calls cannot pass the limit together. Returns the unit, to give it back.
   */
  async function takeAnonymousQuota(sourceIp: string): Promise<QuotaUnit> {
    const at = now();
    const unit = {
      key: `ANON#${quotaBucketForAddress(sourceIp)}`,
      window: `DAY#${at.toISOString().slice(0, 10)}`,
    };
    const retryAfterSeconds = secondsUntilNextUtcDay(at);
    const granted = await deps.quotas.consume(
      unit.key,
      unit.window,
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
    return unit;
  }

  /**
   * A scan refused as a hostile target, or lost to a store outage, was not the caller's doing:
   * the unit goes back. A site that cannot be scanned (`scan_failed`) still counts, or anyone
   * could make us fetch unscannable targets for free.
   */
  async function refundIfNotCallersFault(
    unit: QuotaUnit | undefined,
    error: unknown,
  ): Promise<void> {
    if (!unit || !(error instanceof BadRequestError || error instanceof UnavailableError)) return;
    await deps.quotas.release(unit.key, unit.window).catch((releaseError: unknown) => {
      logger.warn('quota refund failed', { error: releaseError as Error });
    });
  }

  return {
    async scanDomain(domainInput: string, caller: Caller): Promise<Scan> {
      const target = parseScanTarget(domainInput, {
        allowPrivateTargets: deps.allowPrivateTargets,
      });
      const unit =
        caller.principal.kind === 'anonymous'
          ? await takeAnonymousQuota(caller.sourceIp)
          : undefined;
      let stored: StoredScan;
      try {
        const report = await runScan(target, {
          fetcher: deps.fetcher,
          deadlineMs: deps.scanDeadlineMs,
        });
        stored = {
          id: newId(),
          domain: report.domain,
          score: report.score,
          scoring_version: report.scoring_version,
          created_at: now().toISOString(),
          checks: report.checks,
        };
        await deps.scans.putScan(stored);
      } catch (error) {
        await refundIfNotCallersFault(unit, error);
        throw error;
      }
      try {
        await deps.stats.recordScan(stored);
      } catch (error) {
        // The scan itself is saved and answered; a missed aggregate must not fail the call.
        logger.error('stats update failed', { scanId: stored.id, error: error as Error });
      }
      return toPublicScan(stored, caller.baseUrl);
    },

    async getScan(id: string, baseUrl: string): Promise<Scan> {
      const stored = UuidSchema.safeParse(id).success
        ? await deps.scans.getScan(id.toLowerCase())
        : undefined;
      // The id is echoed capped and printable: it is whatever the caller put in the path.
      if (!stored) throw new NotFoundError(`No scan with id "${printable(id, 64)}".`);
      return toPublicScan(stored, baseUrl);
    },

    async getStats(): Promise<Stats> {
      return toStats(await deps.stats.readCounters(SCORING_VERSION), SCORING_VERSION);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
