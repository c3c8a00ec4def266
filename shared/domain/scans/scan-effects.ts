/**
 * The side effects of a saved scan: its stats count, its `scan.completed` event and its index
 * (the domain's latest-scan pointer and the account's history), each idempotent per scan id (the
 * count is conditional on a per-scan marker, the event id is derived from the scan id, the index
 * is keyed by it), done side by side (issue 37), then the row is settled. A crash anywhere in between leaves the row
 * unsettled, and the retry does what is missing exactly once (docs/decisions.md, issue 18).
 */
import type { Logger } from '#shared/domain/kernel/logger';
import type { EffectsPrefetch, ScanEvents, ScanStore, StatsStore, StoredScan } from './ports.ts';

/** What the stores read for the effects while the scan ran (a live scan; a retry has none). */
export interface PrefetchedEffects {
  index?: EffectsPrefetch | undefined;
  stats?: EffectsPrefetch | undefined;
}

export interface ScanEffectsDeps {
  scans: ScanStore;
  stats: StatsStore;
  /** Told about every finished scan of an account (webhooks); anonymous scans emit nothing. */
  events?: ScanEvents | undefined;
  /** First wait between tries of a `scan.completed` publication (then x4). */
  announceBackoffMs: number;
  logger: Logger;
}

/**
 * How old an unsettled scan must be before the sweep settles it: longer than any invocation that
 * saved it can still run (Lambda stops every invocation at 900 s), plus a minute. So the sweep is
 * never a second settler beside a live one, which could count the scan twice: the per-scan
 * marker in the stats shard is removed once the row is settled (docs/decisions.md "Two settlers
 * of one scan").
 */
export const ABANDONED_AFTER_MS = 16 * 60_000;

/** Tries of one `scan.completed` publication (the SDK retries inside each as well). */
const ANNOUNCE_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function recordStats(
  deps: ScanEffectsDeps,
  stored: StoredScan,
  prefetched: EffectsPrefetch | undefined,
): Promise<boolean> {
  try {
    await deps.stats.recordScan(stored, prefetched);
    return true;
  } catch (error) {
    // The scan itself is saved and answered; a missed aggregate must not fail the call.
    deps.logger.error('stats update failed', { scanId: stored.id, error: error as Error });
    return false;
  }
}

/**
 * `scan.completed`, tried a few times: a queue that refuses one send (throttled, a blip) must
 * not cost the event. A scan whose event still could not be sent stays unsettled (resumed).
 */
async function announce(deps: ScanEffectsDeps, stored: StoredScan): Promise<boolean> {
  if (!deps.events || !stored.owner_id) return true;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.events.scanCompleted(stored);
      return true;
    } catch (error) {
      if (attempt + 1 >= ANNOUNCE_ATTEMPTS) {
        // The scan is saved; a lost notification is logged, never a failed scan.
        deps.logger.error('scan.completed not emitted', {
          scanId: stored.id,
          error: error as Error,
        });
        return false;
      }
      await sleep(deps.announceBackoffMs * 4 ** attempt);
    }
  }
}

async function index(
  deps: ScanEffectsDeps,
  stored: StoredScan,
  prefetched: EffectsPrefetch | undefined,
): Promise<boolean> {
  try {
    await deps.scans.indexScan(stored, prefetched);
    return true;
  } catch (error) {
    // The scan is saved and answered; the row stays unsettled and the index is made again.
    deps.logger.error('scan index not recorded', { scanId: stored.id, error: error as Error });
    return false;
  }
}

/** Does what is missing of the scan's effects, then settles its row. */
export async function settleScan(
  deps: ScanEffectsDeps,
  stored: StoredScan,
  prefetched: PrefetchedEffects = {},
): Promise<void> {
  // Independent of each other, each once per scan id: the request waits for the longest of
  // them, not for their sum (issue 37).
  const done = await Promise.all([
    recordStats(deps, stored, prefetched.stats),
    announce(deps, stored),
    index(deps, stored, prefetched.index),
  ]);
  if (done.includes(false)) return;
  try {
    await deps.scans.settleScan(stored.id);
    // Only after the row is settled: a retry before this point must still find the marker.
    await deps.stats.forgetScan(stored);
  } catch (error) {
    deps.logger.warn('scan not settled; its effects will be checked again', {
      scanId: stored.id,
      error: error as Error,
    });
  }
}
