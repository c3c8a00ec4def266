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
 * Issue 37, "the time a scan spends off the network": after the engine, a keyed scan's store
 * work (the row, its index: pointer, history entry, site facts, summary; its stats count; then
 * settling) is at most five round trips deep, where it was ten one after the other. Every store
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

describe("a keyed scan's store work after the engine", () => {
  it('is at most five round trips deep and eight requests, with every effect written once', async () => {
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
    recording = true;
    const scan = await service.scan({ domain: site.url, ownerId: 'account-rt', sourceIp: '::1' });
    recording = false;
    const writes = calls.map((call) => call.command);
    // The row, pointer, domain claim, shard count, settle and forget each once; the history
    // (entry, summary, site facts) one transaction after the summary's read: 8 store requests,
    // where the items one by one took 10.
    expect(writes.filter((command) => command === 'PutItemCommand').length).toBe(3);
    expect(writes.filter((command) => command === 'TransactWriteItemsCommand').length).toBe(1);
    expect(writes.filter((command) => command === 'UpdateItemCommand').length).toBe(3);
    expect(writes.filter((command) => command === 'GetItemCommand').length).toBe(1);
    expect(writes).toHaveLength(8);
    expect(depth(calls)).toBeLessThanOrEqual(5);
    const scans = createScansRepository(table.doc, TABLE);
    expect((await scans.getScanRecord(scan.id))?.unsettled).toBe(false);
    expect((await scans.latestByDomain(scan.domain))?.id).toBe(scan.id);
  });
});
