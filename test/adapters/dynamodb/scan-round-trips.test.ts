import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { createScanService } from '#shared/domain/scans/service';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';

/**
 * Issue 37, "the time a scan spends off the network": the reads a keyed scan's effects need run
 * while the engine waits on the site, and after the engine its store work (the row, its index:
 * pointer, history entry, site facts, summary; its stats count; then settling) is at most five
 * round trips deep (four for a domain seen before), where it was ten one after the other. Every store
 * call is slowed by the same delay, as a network round trip would be, so calls that overlap are
 * the ones the code sends side by side; the depth is counted from their start and end times.
 */
const DELAY_MS = 60;
const TABLE = 'scan-round-trips-test';
let table: TestTable;
let site: RunningFixtureSite;
const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });
const calls: Array<{ command: string; startedAt: number; endedAt: number }> = [];
let recording = false;

beforeAll(async () => {
  table = await startTestTable(TABLE);
  site = await startFixtureSite('good');
  table.doc.middlewareStack.add(
    (next, context) => async (args) => {
      if (!recording) return next(args);
      const startedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      const result = await next(args);
      calls.push({ command: String(context.commandName), startedAt, endedAt: performance.now() });
      return result;
    },
    { step: 'initialize', name: 'roundTripDelay' },
  );
});

afterAll(async () => {
  await fetcher.close();
  await site?.close();
  await table?.close();
});

/** A call is one round trip deeper than the deepest call that ended before it started. */
function depth(list: typeof calls): number {
  const sorted = [...list].sort((a, b) => a.startedAt - b.startedAt);
  const depths: number[] = [];
  sorted.forEach((call, index) => {
    let level = 1;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const other = sorted[earlier] as (typeof calls)[number];
      if (other.endedAt <= call.startedAt) level = Math.max(level, (depths[earlier] ?? 1) + 1);
    }
    depths.push(level);
  });
  return Math.max(0, ...depths);
}

function count(list: typeof calls, command: string): number {
  return list.filter((call) => call.command === command).length;
}

function rowStart(list: typeof calls): number {
  return Math.min(
    ...list.filter((call) => call.command === 'PutItemCommand').map((call) => call.startedAt),
  );
}

/** The calls that started before the scan row was written: the engine was still running. */
function beforeTheRow(list: typeof calls): typeof calls {
  return list.filter((call) => call.startedAt < rowStart(list));
}

/** The calls from the scan row on: the store work after the engine. */
function fromTheRow(list: typeof calls): typeof calls {
  return list.filter((call) => call.startedAt >= rowStart(list));
}

describe("a keyed scan's store work after the engine", () => {
  it('reads while the engine runs, then writes each effect once, at most five round trips deep', async () => {
    const service = createScanService({
      scans: createScansRepository(table.doc, TABLE),
      stats: createStatsRepository(table.doc, TABLE),
      quotas: createQuotaRepository(table.doc, TABLE),
      fetcher,
      allowPrivateTargets: true,
      anonymousScansPerDay: 3,
      scanDeadlineMs: 10_000,
      clock: systemClock,
      logger: recordingLogger(),
    });
    const scanRecorded = async () => {
      calls.length = 0;
      recording = true;
      const scan = await service.scan({ domain: site.url, ownerId: 'account-rt', sourceIp: '::1' });
      recording = false;
      return { scan, list: [...calls] };
    };

    // A domain never seen: the summary and the domain's marker are read while the engine runs
    // (issue 37); then the row, pointer, domain claim, shard count, settle and forget each once,
    // and the history (entry, summary, site facts) in one transaction: 9 store requests.
    const first = await scanRecorded();
    expect(beforeTheRow(first.list).map((call) => call.command)).toEqual([
      'GetItemCommand',
      'GetItemCommand',
    ]);
    expect(count(first.list, 'GetItemCommand')).toBe(2);
    expect(count(first.list, 'PutItemCommand')).toBe(3);
    expect(count(first.list, 'TransactWriteItemsCommand')).toBe(1);
    expect(count(first.list, 'UpdateItemCommand')).toBe(3);
    expect(first.list).toHaveLength(9);
    expect(depth(fromTheRow(first.list))).toBeLessThanOrEqual(5);

    // The same domain again: the marker read says another scan saw it, so no claim is sent; four
    // deep (row; pointer, shard count, history; settle; forget), where it was ten in a row.
    const second = await scanRecorded();
    expect(beforeTheRow(second.list)).toHaveLength(2);
    expect(count(second.list, 'PutItemCommand')).toBe(2);
    expect(second.list).toHaveLength(8);
    expect(depth(fromTheRow(second.list))).toBeLessThanOrEqual(4);

    const scans = createScansRepository(table.doc, TABLE);
    expect((await scans.getScanRecord(second.scan.id))?.unsettled).toBe(false);
    expect((await scans.latestByDomain(second.scan.domain))?.id).toBe(second.scan.id);
    const stats = await createStatsRepository(table.doc, TABLE).readCounters(
      second.scan.scoring_version,
    );
    expect({ scans: stats.scans, domains: stats.domains }).toEqual({ scans: 2, domains: 1 });
  });
});
