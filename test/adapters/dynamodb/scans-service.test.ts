import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { AppError } from '#shared/domain/kernel/errors';
import { readScan } from '#shared/domain/scans/reads';
import { createScanService } from '#shared/domain/scans/service';
import { offlineLookup } from '#test/fixtures/sites/offline-lookup';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/** The scans service in production mode over dynalite, with DNS answers injected. */
let table: TestTable;
let doc: DynamoDBDocumentClient;
const TABLE = 'service-test';
const fetcher = createSafeFetcher({
  allowPrivateTargets: false,
  lookup: offlineLookup({
    'rebind.example.com': '127.0.0.1',
    'metadata.example.com': '169.254.169.254',
  }),
});

beforeAll(async () => {
  table = await startTestTable(TABLE);
  doc = table.doc;
});
afterAll(async () => {
  await fetcher.close();
  await table?.close();
});

function service() {
  return createScanService({
    scans: createScansRepository(doc, TABLE),
    stats: createStatsRepository(doc, TABLE),
    quotas: createQuotaRepository(doc, TABLE),
    fetcher,
    allowPrivateTargets: false,
    anonymousScansPerDay: 3,
    scanDeadlineMs: 5_000,
    clock: systemClock,
    logger,
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

const anonymous = (domain: string, sourceIp: string) => ({
  domain,
  ownerId: undefined,
  sourceIp,
});

describe('scan service', () => {
  it('refuses names that resolve to private addresses with invalid_domain and gives the quota back', async () => {
    const scans = service();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await codeOf(scans.scan(anonymous('rebind.example.com', '198.51.100.1')))).toBe(
        'invalid_domain',
      );
      expect(await codeOf(scans.scan(anonymous('metadata.example.com', '198.51.100.1')))).toBe(
        'invalid_domain',
      );
    }
    // Ten refusals later the caller still has the whole day's allowance.
    const quotas = createQuotaRepository(doc, TABLE);
    const day = `DAY#${new Date().toISOString().slice(0, 10)}`;
    const granted = await Promise.all(
      Array.from({ length: 4 }, () => quotas.consume('ANON#ip4:198.51.100.1', day, 3, 0)),
    );
    expect(granted.filter(Boolean)).toHaveLength(3);
  });

  it('gives the free scan back when the site cannot be reached (issue 36 point 1)', async () => {
    const scans = service();
    const results = [];
    // One more than the three free scans of the day: a typo never spends one.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      results.push(await codeOf(scans.scan(anonymous('nothing-here.example.com', '198.51.100.2'))));
    }
    expect(results).toEqual(['scan_failed', 'scan_failed', 'scan_failed', 'scan_failed']);
  });

  it('answers malformed and unknown ids with not_found, echoing the id capped', async () => {
    const reads = {
      scans: createScansRepository(doc, TABLE),
      stats: createStatsRepository(doc, TABLE),
    };
    const long = 'x'.repeat(5000);
    const error = await readScan(reads, long).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found' });
    expect((error as Error).message.length).toBeLessThan(120);
    expect(await codeOf(readScan(reads, crypto.randomUUID()))).toBe('not_found');
  });
});
