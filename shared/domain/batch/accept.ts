/**
 * Sorting a request's entries into accepted domains (normalised, duplicates collapsed into the
 * first) and rejected entries with a reason. Pure: no store, no quota.
 */
import { AppError } from '#shared/domain/kernel/errors';
import { parseScanTarget } from '#shared/domain/scan-engine/target';

export interface Sorted {
  accepted: { domain: string; input: string }[];
  rejected: { domain: string; reason: string }[];
  /** Entries that name a domain already accepted: scanned once, under that domain. */
  duplicates: { input: string; domain: string }[];
}

const MAX_ECHO = 200;

export function sortEntries(entries: readonly string[], allowPrivateTargets: boolean): Sorted {
  const sorted: Sorted = { accepted: [], rejected: [], duplicates: [] };
  const seen = new Set<string>();
  for (const entry of entries) {
    try {
      const target = parseScanTarget(entry, { allowPrivateTargets });
      const key = target.domain.toLowerCase();
      if (seen.has(key)) {
        sorted.duplicates.push({ input: entry.trim(), domain: target.domain });
        continue;
      }
      seen.add(key);
      sorted.accepted.push({ domain: target.domain, input: entry.trim() });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const domain = entry.length > MAX_ECHO ? `${entry.slice(0, MAX_ECHO)}…` : entry;
      sorted.rejected.push({ domain, reason: error.message });
    }
  }
  return sorted;
}
