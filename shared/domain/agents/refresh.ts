/**
 * Refreshing the ranges dataset from the operators' own lists (docs/agent-logs.md "Keeping the
 * ranges current"): every source of the current dataset is fetched again through the guarded
 * fetcher, read in the shape the operators share (`{"creationTime", "prefixes": [{"ipv4Prefix"}
 * | {"ipv6Prefix"}]}`), and replaces its entry when it names at least one valid prefix; a source
 * that cannot be read keeps its old entry and is reported. Run by `refresh-agent-ranges` (the
 * repository's file) and by the monthly schedule on AWS (the store).
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { Clock } from '#shared/domain/kernel/clock';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import type { RangesStore } from './ports.ts';
import { bundledRanges, newerRanges, type RangesDataset, type RangesSource } from './ranges.ts';

/** The lists are small (Google's, the largest, is about 100 KB). */
const MAX_LIST_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

const PublishedListSchema = z.object({
  creationTime: z.string().optional(),
  prefixes: z.array(
    z.object({ ipv4Prefix: z.string().optional(), ipv6Prefix: z.string().optional() }),
  ),
});

export interface RefreshResult {
  dataset: RangesDataset;
  refreshed: string[];
  failed: { source: string; reason: string }[];
}

export interface RefreshDeps {
  fetcher: SafeFetcher;
  clock: Clock;
  /** Where a source's URL is fetched from (tests point every source at a loopback fixture). */
  locate?: (url: string) => string;
}

/** The prefixes of a published list, valid CIDR only, in their order, once each. */
export function readPublishedList(text: string): { prefixes: string[]; createdAt?: string } {
  const list = PublishedListSchema.parse(JSON.parse(text));
  const prefixes = new Set<string>();
  for (const entry of list.prefixes) {
    const prefix = (entry.ipv4Prefix ?? entry.ipv6Prefix ?? '').trim();
    if (ipaddr.isValidCIDR(prefix)) prefixes.add(prefix);
  }
  const created = list.creationTime ? Date.parse(list.creationTime) : Number.NaN;
  return {
    prefixes: [...prefixes],
    ...(Number.isNaN(created) ? {} : { createdAt: new Date(created).toISOString().slice(0, 10) }),
  };
}

async function refreshSource(source: RangesSource, deps: RefreshDeps): Promise<RangesSource> {
  const response = await deps.fetcher.fetch((deps.locate ?? ((url) => url))(source.url), {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_LIST_BYTES,
    headers: { accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  if (response.truncated) throw new Error('the list is larger than 2 MB');
  const list = readPublishedList(response.text);
  if (list.prefixes.length === 0) throw new Error('the list names no prefix');
  return {
    ...source,
    as_of: list.createdAt ?? deps.clock.now().toISOString().slice(0, 10),
    prefixes: list.prefixes,
  };
}

/** Every source fetched again (a few at once); the dataset is dated by its newest source. */
export async function refreshRanges(
  current: RangesDataset,
  deps: RefreshDeps,
): Promise<RefreshResult> {
  const entries = Object.entries(current.sources);
  const outcomes = await Promise.allSettled(
    entries.map(([, source]) => refreshSource(source, deps)),
  );
  const sources: Record<string, RangesSource> = {};
  const result: RefreshResult = { dataset: current, refreshed: [], failed: [] };
  outcomes.forEach((outcome, index) => {
    const [id, old] = entries[index] as [string, RangesSource];
    if (outcome.status === 'fulfilled') {
      sources[id] = outcome.value;
      result.refreshed.push(id);
    } else {
      sources[id] = old;
      const reason =
        outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      result.failed.push({ source: id, reason });
    }
  });
  const newest = Object.values(sources)
    .map((source) => source.as_of)
    .sort()
    .at(-1);
  result.dataset = {
    ...current,
    as_of: newest ?? current.as_of,
    note:
      result.refreshed.length > 0
        ? `Refreshed from the operators' lists on ${deps.clock.now().toISOString().slice(0, 10)}.`
        : current.note,
    sources,
  };
  return result;
}

/**
 * The monthly schedule's work: the newest dataset (bundled or stored) refreshed from the
 * operators' lists and stored when any source could be read.
 */
export async function refreshStoredRanges(
  deps: RefreshDeps & { ranges: RangesStore },
): Promise<{ as_of: string; refreshed: string[]; failed: RefreshResult['failed'] }> {
  const current = newerRanges(bundledRanges(), await deps.ranges.read());
  const result = await refreshRanges(current, deps);
  if (result.refreshed.length > 0) await deps.ranges.write(result.dataset);
  return { as_of: result.dataset.as_of, refreshed: result.refreshed, failed: result.failed };
}
