/**
 * Reading scans and stats needs only the store: kept apart from the scan service so that the
 * read routes do not load (or bundle) the scan engine.
 */
import type { Principal } from '#shared/domain/accounts/principal';
import { NotFoundError } from '#shared/domain/kernel/errors';
import { SCORING_VERSION } from '#shared/domain/scan-engine/types';
import type { ScanStore, StatsStore, StoredScan } from './ports.ts';
import { ScanIdSchema, type Stats } from './schemas.ts';
import { toStats } from './stats.ts';

export interface ScanReadDeps {
  scans: ScanStore;
  stats: StatsStore;
}

/** Caller-supplied text for a message: printable ASCII, capped. */
export function printable(text: string, maxLength: number): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > maxLength ? `${clean.slice(0, maxLength)}…` : clean;
}

export async function readScan(deps: ScanReadDeps, id: string): Promise<StoredScan> {
  const parsed = ScanIdSchema.safeParse(id);
  const stored = parsed.success ? await deps.scans.getScan(parsed.data) : undefined;
  // The id is echoed capped and printable: it is whatever the caller put in the path.
  if (!stored) throw new NotFoundError(`No scan with id "${printable(id, 64)}".`);
  return stored;
}

export async function readStats(deps: ScanReadDeps): Promise<Stats> {
  return toStats(await deps.stats.readCounters(SCORING_VERSION), SCORING_VERSION);
}

/**
 * The domain as scans store it (lower case, no leading "www.", no trailing dot, ":port" kept),
 * or undefined when the text cannot be a host: such a name never matches any scan.
 */
export function badgeDomain(text: string): string | undefined {
  const domain = text
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/.test(domain) ? domain : undefined;
}

/** The newest scan of exactly this domain; never a scan of another domain. */
export async function readLatestScanOf(
  deps: ScanReadDeps,
  text: string,
): Promise<StoredScan | undefined> {
  const domain = badgeDomain(text);
  if (domain === undefined) return undefined;
  const scan = await deps.scans.latestByDomain(domain);
  return scan?.domain === domain ? scan : undefined;
}

/**
 * The scan, when the principal may act on it (its fixes, verifying them): its own, or one made
 * without a key. Tenancy is the owning account (issue 35).
 */
export async function readableScan(
  principal: Principal,
  id: string,
  deps: ScanReadDeps,
): Promise<StoredScan> {
  const stored = await readScan(deps, id);
  const owner = stored.owner_id;
  if (owner !== undefined && (principal.kind === 'anonymous' || principal.accountId !== owner)) {
    // Another account's scan reads exactly like a missing one.
    throw new NotFoundError(`No scan with id "${printable(id, 64)}".`);
  }
  return stored;
}
