import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import type { StoredScan } from '#shared/domain/scans/ports';
import { readLatestScanOf } from '#shared/domain/scans/reads';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/** The latest scan of a domain (the badge's source) on dynalite: exact domain, newest first. */
let table: TestTable;
const TABLE = 'scans-latest-test';

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

function stored(domain: string, createdAt: string, score: number): StoredScan {
  return {
    id: crypto.randomUUID(),
    domain,
    score,
    scoring_version: 2,
    created_at: createdAt,
    checks: [],
  };
}

describe('the latest scan of a domain', () => {
  it('is the newest scan of exactly that domain, whatever the order of writing', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const newest = stored('shop.example', '2026-11-24T10:00:00.000Z', 71);
    await scans.putScan(newest);
    await scans.putScan(stored('shop.example', '2026-11-20T10:00:00.000Z', 40));
    await scans.putScan(stored('shop.example.org', '2026-11-25T10:00:00.000Z', 99));
    await scans.putScan(stored('sub.shop.example', '2026-11-25T11:00:00.000Z', 98));
    await scans.putScan(stored('127.0.0.1:8443', '2026-11-25T12:00:00.000Z', 12));

    expect(await scans.latestByDomain('shop.example')).toEqual(newest);
    expect((await scans.latestByDomain('127.0.0.1:8443'))?.score).toBe(12);
  });

  it('is nothing for a domain never scanned, even one that prefixes or contains a scanned one', async () => {
    const deps = {
      scans: createScansRepository(table.doc, TABLE),
      stats: createStatsRepository(table.doc, TABLE),
    };
    for (const name of ['shop', 'example', 'hop.example', '127.0.0.1', 'unknown.example']) {
      expect(await readLatestScanOf(deps, name), name).toBeUndefined();
    }
    expect((await readLatestScanOf(deps, 'WWW.Shop.Example'))?.score).toBe(71);
  });

  it('keeps the index fields out of the scan it returns', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const scan = await scans.getScan((await scans.latestByDomain('shop.example'))?.id ?? '');
    expect(Object.keys(scan ?? {}).sort()).toEqual(
      ['checks', 'created_at', 'domain', 'id', 'score', 'scoring_version'].sort(),
    );
  });
});
