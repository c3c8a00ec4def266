/**
 * The sweep of abandoned scans (docs/decisions.md "Two settlers of one scan"): a scan whose
 * process died between saving it and finishing its stats count and `scan.completed` event stays
 * unsettled. A retried batch step settles its own row, and the local stack settles every such scan
 * at start; on AWS a single scan answered by an API function that died has neither, so a
 * schedule runs this sweep. It takes only scans older than `ABANDONED_AFTER_MS`, which no live
 * invocation can still be settling.
 */
import { ABANDONED_AFTER_MS } from './scan-effects.ts';
import type { ScanService } from './service.ts';

/** Every ten minutes: an abandoned scan is counted and announced within about half an hour. */
export const SWEEP_SCHEDULE_EXPRESSION = 'rate(10 minutes)';
/** The same period for the local stack's in-process timer. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Scans taken up by one sweep; the next sweep takes the rest. */
export const SWEEP_LIMIT = 200;

export interface SweepResult {
  /** Only scans saved before this time were taken up. */
  saved_before: string;
  /** Ids of the scans whose effects were finished (or tried again, if the store still refused). */
  scans: string[];
}

export async function sweepAbandonedScans(
  scanner: Pick<ScanService, 'settleUnsettled'>,
  now: Date,
): Promise<SweepResult> {
  const savedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const scans = await scanner.settleUnsettled({ limit: SWEEP_LIMIT, savedBefore });
  return { saved_before: savedBefore.toISOString(), scans };
}
