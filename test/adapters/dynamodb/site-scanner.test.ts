import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { OperationFailedError } from '#shared/domain/kernel/errors';
import { SCORING_VERSION } from '#shared/domain/scan-engine/types';
import { createSiteScanner } from '#shared/domain/scans/site-scanner';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { fixedClock } from '#test/support/clock';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/**
 * The monitor's site scanner (docs/monitor.md "Readiness of the cited pages") on dynalite and a
 * loopback fixture site: a new scan is stored settled (never counted in the stats, never in the
 * outbox), a stored scan younger than the cache age is reused, an older one is scanned again, and a
 * site nobody serves fails as the scan fails.
 */
let table: TestTable;
let site: RunningFixtureSite;
const TABLE = 'site-scanner-test';
const DAY = 24 * 60 * 60 * 1000;
const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });

beforeAll(async () => {
  table = await startTestTable(TABLE);
  site = await startFixtureSite('good');
});
afterAll(async () => {
  await fetcher.close();
  await site?.close();
  await table?.close();
});

function scanner(now: Date) {
  return createSiteScanner({
    scans: createScansRepository(table.doc, TABLE),
    fetcher,
    allowPrivateTargets: true,
    scanDeadlineMs: 10_000,
    maxAgeMs: DAY,
    clock: fixedClock(now),
  });
}

describe('scanning a cited site', () => {
  it('stores a new scan settled and outside the stats, then reuses it for a day', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const stats = createStatsRepository(table.doc, TABLE);
    const start = new Date('2026-11-25T08:00:00.000Z');
    const first = await scanner(start).scanSite(site.url);
    expect(first.reused).toBe(false);
    expect(first.scan).toMatchObject({ domain: site.host, scoring_version: SCORING_VERSION });
    expect(first.scan).not.toHaveProperty('owner_id');
    expect(await scans.getScanRecord(first.scan.id)).toMatchObject({ unsettled: false });
    expect((await scans.listUnsettled(100)).map((s) => s.id)).not.toContain(first.scan.id);
    expect((await stats.readCounters(SCORING_VERSION)).scans).toBe(0);

    const later = await scanner(new Date(start.getTime() + DAY - 1000)).scanSite(site.url);
    expect(later).toEqual({ scan: first.scan, reused: true });

    const nextDay = await scanner(new Date(start.getTime() + DAY + 1000)).scanSite(site.url);
    expect(nextDay.reused).toBe(false);
    expect(nextDay.scan.id).not.toBe(first.scan.id);
    expect((await scans.latestByDomain(site.host))?.id).toBe(nextDay.scan.id);
  });

  it('fails as the scan fails for a site nobody serves', async () => {
    const gone = await startFixtureSite('good');
    const { url } = gone;
    await gone.close();
    await expect(scanner(new Date()).scanSite(url)).rejects.toBeInstanceOf(OperationFailedError);
  });
});
