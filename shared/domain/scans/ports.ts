/**
 * What the scans area keeps and the ports it keeps it through: finished scans (and each account's
 * scan history by domain) in the scan store, and the counters the stats are read from.
 */
import type { FixInputs } from '#shared/domain/scan-engine/fix-inputs';
import type { SiteFacts } from '#shared/domain/scan-engine/site-facts';
import type { Check, ScanEnvironment, ScanPeers } from '#shared/domain/scan-engine/types';

/** A finished scan as stored; the public `url` is added when it is read. */
export interface StoredScan {
  id: string;
  domain: string;
  score: number;
  scoring_version: number;
  created_at: string;
  checks: Check[];
  /** Where the scan ran and what stood in its way; absent on scans stored before issue 37. */
  environment?: ScanEnvironment;
  /** What other judges (Lighthouse) would say; absent on scans stored before issue 37. */
  peers?: ScanPeers;
  /** The account that asked for the scan with a key; absent for anonymous scans. */
  owner_id?: string;
  /**
   * An anonymous scan from the home page's box: the mark of the browser that may claim it for
   * the account it signs up for (browser-scans.ts). Written, never read back.
   */
  claim_hash?: string;
  /**
   * robots.txt and the sitemap's paths as the scan found them: kept for the account's domain
   * (its latest scan's), never in the scan item itself. Absent on scans read back from the store.
   */
  site?: SiteFacts;
  /** What the fix pack generates its files from; absent on scans stored before it existed. */
  fix_inputs?: FixInputs;
}

export interface PutScanOptions {
  /**
   * Saved already settled: a scan with no side effects to finish (no stats, no event), such as
   * the monitor's scans of cited sites (docs/monitor.md "Readiness of the cited pages").
   */
  settled?: boolean;
  /**
   * `later`: only the scan row is written; the caller then calls `indexScan` (the domain's
   * latest-scan pointer and the account's history), beside the scan's effects (issue 37: one
   * round trip less on the request path). Default: both, in this call.
   */
  index?: 'now' | 'later';
}

/**
 * What a store read for a scan's effects while the scan was still waiting on the network (issue
 * 37), handed back to the write that needs it. Opaque to the domain; the store checks it was read
 * for this scan's account and domain, and the write's own conditions make a stale read safe.
 */
export interface EffectsPrefetch {
  readonly ownerId: string | undefined;
  readonly domain: string;
  readonly read: unknown;
}

export interface ScanStore {
  /**
   * Saves a new scan with its side effects (stats, event) marked unsettled: the scan row is the
   * outbox of its own effects. False when a scan with this id already exists (nothing written).
   */
  putScan(scan: StoredScan, options?: PutScanOptions): Promise<boolean>;
  /**
   * Points the domain's latest scan at this one (unless a newer holds it) and records it in the
   * owner's history of the domain; idempotent per scan id, so a retry may call it again.
   */
  indexScan(scan: StoredScan, prefetched?: EffectsPrefetch): Promise<void>;
  /** Reads what `indexScan` of the account's scan of this domain will need (the history's summary). */
  prefetchIndex(ownerId: string | undefined, domain: string): Promise<EffectsPrefetch>;
  getScan(id: string): Promise<StoredScan | undefined>;
  /** A saved scan and whether its side effects are still to be settled (a crash, a retry). */
  getScanRecord(id: string): Promise<{ scan: StoredScan; unsettled: boolean } | undefined>;
  /** Marks the scan's side effects done; a later retry of the scan finds nothing to do. */
  settleScan(id: string): Promise<void>;
  /**
   * Scans whose side effects are not settled yet, oldest first; with `savedBefore` (an ISO time)
   * only those saved before it (the sweep leaves scans a live settler may still be finishing).
   */
  listUnsettled(limit: number, savedBefore?: string): Promise<StoredScan[]>;
  /** An account's scans, newest first; `cursor` continues a previous page. */
  listByOwner(
    ownerId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ scans: StoredScan[]; cursor: string | null }>;
  /** The newest scan of exactly this domain (as stored, lower case), or undefined. */
  latestByDomain(domain: string): Promise<StoredScan | undefined>;
  /** An account's scanned domains, most recently scanned first (history.ts). */
  listDomains(ownerId: string, query: DomainQuery): Promise<DomainSummaryPage>;
  /**
   * One domain's scans of an account, newest first, each with the check points the diff needs;
   * `following` is the scan after the page's last (its previous), when there is one.
   */
  listDomainScans(
    ownerId: string,
    domain: string,
    limit: number,
    cursor?: string,
  ): Promise<{ scans: HistoryScan[]; following: HistoryScan | undefined; cursor: string | null }>;
}

/** A scan as the history keeps it: its score and each check's points, not its findings. */
export interface HistoryScan {
  id: string;
  domain: string;
  score: number;
  scoring_version: number;
  created_at: string;
  checks: { id: string; pillar: Check['pillar']; score: number; max: number }[];
}

/** One of an account's domains: the latest scan, the one before, and the recent scores. */
export interface DomainSummary {
  domain: string;
  latest_scan_id: string;
  score: number;
  previous_score: number | null;
  scan_count: number;
  first_scanned_at: string;
  last_scanned_at: string;
  /** Percent of the pillar's applicable points in the latest scan; null when none applied. */
  pillars: Record<Check['pillar'], number | null>;
  /** At most TREND_POINTS of the latest scans, oldest first. */
  trend: { scan_id: string; score: number; created_at: string }[];
}

export interface DomainQuery {
  limit: number;
  cursor?: string | undefined;
  /** Lower-case text the domain must contain. */
  q?: string | undefined;
  /** Inclusive range the score (or `pillar`'s percentage) must fall in. */
  range?: { from: number; to: number; pillar?: Check['pillar'] | undefined } | undefined;
}

export interface DomainSummaryPage {
  domains: DomainSummary[];
  cursor: string | null;
}

/** Raw aggregate counters of one scoring version, read with a single item read. */
export interface StatsCounters {
  scans: number;
  domains: number;
  /** Index = score 0..100, value = number of scans with that score. */
  histogram: number[];
  /** Per check id: number of scans where the check was `bad`. */
  badChecks: Record<string, number>;
  updatedAt: string | null;
}

export interface StatsStore {
  /** Counts the scan; idempotent per scan id until `forgetScan` (a retry is not counted again). */
  recordScan(scan: StoredScan, prefetched?: EffectsPrefetch): Promise<void>;
  /** Reads what `recordScan` of a scan of this domain will need (whether the domain was seen). */
  prefetchRecord(domain: string, scoringVersion: number): Promise<EffectsPrefetch>;
  /** Drops the scan's "counted" marker once the scan is settled (keeps the counters small). */
  forgetScan(scan: StoredScan): Promise<void>;
  readCounters(scoringVersion: number): Promise<StatsCounters>;
}

export interface QuotaStore {
  /**
   * Atomically takes one unit of `limit` for the key and window: the units used with this one
   * (1..limit), or false when none is left.
   */
  consume(key: string, window: string, limit: number, expiresAt: number): Promise<number | false>;
  /** Gives one unit back (the caller was not at fault); never below zero. */
  release(key: string, window: string): Promise<void>;
  /** The units taken so far in the key's window (0 when none). */
  used(key: string, window: string): Promise<number>;
}

/** Where finished scans of an account are announced (`scan.completed`). */
export interface ScanEvents {
  scanCompleted(scan: StoredScan): Promise<void>;
}
