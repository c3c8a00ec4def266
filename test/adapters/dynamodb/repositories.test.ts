import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, isTransientStoreError } from '#shared/adapters/dynamodb/client';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
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
  });

  it('grants nothing when the limit is 0', async () => {
    const quotas = createQuotaRepository(doc, TABLE);
    expect(await quotas.consume('k-zero', 'DAY#1', 0, 0)).toBe(false);
  });

  it('gives a unit back on release, and never goes below zero', async () => {
    const quotas = createQuotaRepository(doc, TABLE);
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(true);
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(false);
    await quotas.release('k-release', 'DAY#1');
    await quotas.release('k-release', 'DAY#1');
    expect(await quotas.consume('k-release', 'DAY#1', 1, 0)).toBe(true);
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
