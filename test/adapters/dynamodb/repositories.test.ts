import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, isTransientStoreError } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import {
  createStatsRepository,
  STATS_SHARDS,
  statsShardOf,
} from '#shared/adapters/dynamodb/stats-repository';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/** Repositories against dynalite in memory: DynamoDB's own condition semantics, no stand-in. */
let table: TestTable;
let doc: DynamoDBDocumentClient;
const TABLE = 'repositories-test';

beforeAll(async () => {
  table = await startTestTable(TABLE);
  doc = table.doc;
});
afterAll(async () => {
  await table?.close();
});

describe('quota repository', () => {
  it('never lets concurrent callers take more than the limit together', async () => {
    const quotas = createQuotaRepository(doc, TABLE);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => quotas.consume('k-race', 'DAY#1', 5, 0)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    // Each grant says how many units were used with it: 1..5, each once.
    expect(results.filter((used) => used !== false).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('grants nothing when the limit is 0', async () => {
    const quotas = createQuotaRepository(doc, TABLE);
    expect(await quotas.consume('k-zero', 'DAY#1', 0, 0)).toBe(false);
  });

  it('gives a unit back on release, and never goes below zero', async () => {
    const quotas = createQuotaRepository(doc, TABLE);
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(1);
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(false);
    await quotas.release('k-release', 'DAY#1');
    await quotas.release('k-release', 'DAY#1');
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(1);
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(false);
  });
});

describe('stats repository', () => {
  const scan = (domain: string, score: number) => ({
    id: crypto.randomUUID(),
    domain,
    score,
    scoring_version: 99,
    created_at: new Date().toISOString(),
    checks: [],
  });

  it('counts a domain once however often it is scanned', async () => {
    const stats = createStatsRepository(doc, TABLE);
    await stats.recordScan(scan('a.example', 10));
    await stats.recordScan(scan('a.example', 30));
    await stats.recordScan(scan('b.example', 20));
    const counters = await stats.readCounters(99);
    expect(counters).toMatchObject({ scans: 3, domains: 2 });
  });

  it('does not lose a domain when the counters update fails after its first-seen marker', async () => {
    const stats = createStatsRepository(doc, TABLE);
    // Fault injection: fail exactly the next counters update.
    let failNextUpdate = true;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (failNextUpdate && context.commandName === 'UpdateItemCommand') {
          failNextUpdate = false;
          throw Object.assign(new Error('Throughput exceeded'), {
            name: 'ProvisionedThroughputExceededException',
            $retryable: {},
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failOneUpdate' },
    );
    try {
      await expect(
        stats.recordScan({ ...scan('c.example', 50), scoring_version: 98 }),
      ).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      doc.middlewareStack.remove('failOneUpdate');
    }
    await stats.recordScan({ ...scan('c.example', 50), scoring_version: 98 });
    expect(await stats.readCounters(98)).toMatchObject({ scans: 1, domains: 1 });
  });
});

describe('stats repository, with the domain marker read while the scan ran (issue 37)', () => {
  const scanOf = (domain: string) => ({
    id: crypto.randomUUID(),
    domain,
    score: 40,
    scoring_version: 89,
    created_at: new Date().toISOString(),
    checks: [],
  });

  it('counts a domain once whether its marker was read before or after another scan claimed it', async () => {
    const stats = createStatsRepository(doc, TABLE);
    const [first, second, third] = [scanOf('d.example'), scanOf('d.example'), scanOf('d.example')];
    const readBeforeAny = await stats.prefetchRecord('d.example', 89);
    const alsoBeforeAny = await stats.prefetchRecord('d.example', 89);
    await stats.recordScan(first, readBeforeAny);
    await stats.recordScan(second, alsoBeforeAny);
    await stats.recordScan(third, await stats.prefetchRecord('d.example', 89));
    // A read for another domain is not used for this one.
    await stats.recordScan(scanOf('e.example'), readBeforeAny);
    expect(await stats.readCounters(89)).toMatchObject({ scans: 4, domains: 2 });
  });

  it('still counts a domain whose first scan gave its claim back after another scan read it', async () => {
    const stats = createStatsRepository(doc, TABLE);
    const first = { ...scanOf('f.example'), scoring_version: 88 };
    const second = { ...first, id: crypto.randomUUID() };
    let failNextUpdate = true;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (failNextUpdate && context.commandName === 'UpdateItemCommand') {
          failNextUpdate = false;
          // The second scan reads the marker the first one holds, just before it is given back.
          readBySecond = await stats.prefetchRecord('f.example', 88);
          throw Object.assign(new Error('Throughput exceeded'), {
            name: 'ProvisionedThroughputExceededException',
            $retryable: {},
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failOneShardUpdate' },
    );
    let readBySecond: Awaited<ReturnType<typeof stats.prefetchRecord>> | undefined;
    try {
      await expect(stats.recordScan(first)).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      doc.middlewareStack.remove('failOneShardUpdate');
    }
    await stats.recordScan(second, readBySecond);
    // The first scan is unsettled, so its retry claims the domain again and counts it.
    await stats.recordScan(first);
    expect(await stats.readCounters(88)).toMatchObject({ scans: 2, domains: 1 });
  });
});

/** 40 writes in flight at a time: what dynalite on a shared machine answers within its timeouts. */
async function inWaves<T>(items: T[], write: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += 40) {
    await Promise.all(items.slice(start, start + 40).map(write));
  }
}

describe('sharded stats counters', () => {
  it('stay exact under 200 scans recorded 40 at a time, spread over several shard items', async () => {
    const stats = createStatsRepository(doc, TABLE);
    const version = 97;
    const scans = Array.from({ length: 200 }, (_, index) => ({
      id: crypto.randomUUID(),
      domain: `d${index % 50}.example`,
      score: index % 101,
      scoring_version: version,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      checks: [{ id: 'robots', state: index % 4 === 0 ? 'bad' : 'good' }] as never,
    }));
    await inWaves(scans, (scan) => stats.recordScan(scan));
    // A retried scan is not counted twice; a settled one forgets its marker.
    await inWaves(scans.slice(0, 20), (scan) => stats.recordScan(scan));
    await inWaves(scans, (scan) => stats.forgetScan(scan));
    const counters = await stats.readCounters(version);
    expect(counters.scans).toBe(200);
    expect(counters.domains).toBe(50);
    expect(counters.badChecks).toEqual({ robots: 50 });
    const expected = Array.from({ length: 101 }, () => 0);
    for (const scan of scans) expected[scan.score] = (expected[scan.score] ?? 0) + 1;
    expect(counters.histogram).toEqual(expected);
    expect(counters.updatedAt).toBe(scans[199]?.created_at);
    const shards = new Set(scans.map((scan) => statsShardOf(scan.id)));
    expect(shards.size).toBe(STATS_SHARDS);
    const { Item } = await doc.send(
      new GetCommand({ TableName: TABLE, Key: KEYS.statsShard(version, 0) }),
    );
    expect(Object.keys(Item ?? {}).filter((name) => name.startsWith('scan_'))).toEqual([]);
  });

  it('keeps the counts of the single counters item written before sharding', async () => {
    const version = 96;
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...KEYS.statsCounters(version), scans: 5, domains: 2, h40: 5, bad_llms: 3 },
      }),
    );
    const stats = createStatsRepository(doc, TABLE);
    await stats.recordScan({
      id: crypto.randomUUID(),
      domain: 'new.example',
      score: 40,
      scoring_version: version,
      created_at: new Date().toISOString(),
      checks: [],
    });
    const counters = await stats.readCounters(version);
    expect(counters).toMatchObject({ scans: 6, domains: 3, badChecks: { llms: 3 } });
    expect(counters.histogram[40]).toBe(6);
  });
});

describe('store errors', () => {
  it('turns an unreachable store into UnavailableError', async () => {
    const unreachable = createDocumentClient({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
    });
    try {
      await expect(
        createStatsRepository(unreachable, TABLE).readCounters(2),
      ).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      unreachable.destroy();
    }
  });
});

describe('isTransientStoreError', () => {
  it('treats throttling, server faults and network failures as transient, and bugs as not', () => {
    const named = (name: string, extra: Record<string, unknown> = {}) =>
      Object.assign(new Error(name), { name, ...extra });
    expect(isTransientStoreError(named('ProvisionedThroughputExceededException'))).toBe(true);
    expect(isTransientStoreError(named('InternalServerError', { $fault: 'server' }))).toBe(true);
    expect(
      isTransientStoreError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isTransientStoreError(named('ConditionalCheckFailedException', { $fault: 'client' })),
    ).toBe(false);
    expect(isTransientStoreError(named('ValidationException', { $fault: 'client' }))).toBe(false);
    expect(isTransientStoreError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });
});
