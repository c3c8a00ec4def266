/**
 * The account's history of a domain, written as one transaction after the summary's read (issue
 * 37), and item by item when that transaction is refused: a scan older than the one the history
 * already holds (its site facts must not go back), a scan indexed twice (a retry), and a summary
 * read while the scan ran that another scan moved on before the write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { readSiteFacts } from '#shared/adapters/dynamodb/site-facts-repository';
import type { StoredScan } from '#shared/domain/scans/ports';
import { startTestTable, type TestTable } from '#test/support/dynamo';

const TABLE = 'scan-history-test';
let table: TestTable;

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

function scanOf(ownerId: string, score: number, createdAt: string, robots: string): StoredScan {
  return {
    id: crypto.randomUUID(),
    domain: 'history.example',
    score,
    scoring_version: 1,
    created_at: createdAt,
    checks: [{ id: 'robots', pillar: 'R', score, max: 100, findings: [] }] as never,
    owner_id: ownerId,
    site: { robots: { kind: 'file', text: robots }, sitemapPaths: ['/'] },
  };
}

describe("an account's history of a domain", () => {
  it('keeps both scans and the newer facts when an older scan is indexed after a newer one', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const ownerId = `account-${crypto.randomUUID().slice(0, 8)}`;
    const newer = scanOf(ownerId, 80, '2026-12-02T10:00:00.000Z', 'User-agent: *\nAllow: /');
    const older = scanOf(ownerId, 40, '2026-12-01T10:00:00.000Z', 'User-agent: *\nDisallow: /');
    await scans.indexScan(newer);
    await scans.indexScan(older);

    const history = await scans.listDomainScans(ownerId, 'history.example', 10);
    expect(history.scans.map((scan) => scan.id)).toEqual([newer.id, older.id]);
    const [summary] = (await scans.listDomains(ownerId, { limit: 10 })).domains;
    expect(summary).toMatchObject({
      latest_scan_id: newer.id,
      score: 80,
      previous_score: 40,
      scan_count: 2,
      first_scanned_at: older.created_at,
    });
    const facts = await readSiteFacts(
      { doc: table.doc, tableName: TABLE },
      ownerId,
      'history.example',
    );
    expect(facts?.scanId).toBe(newer.id);
  });

  it('records a scan indexed twice (a retry) once', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const ownerId = `account-${crypto.randomUUID().slice(0, 8)}`;
    const scan = scanOf(ownerId, 70, '2026-12-03T10:00:00.000Z', 'User-agent: *\nAllow: /');
    await scans.indexScan(scan);
    await scans.indexScan(scan);

    const history = await scans.listDomainScans(ownerId, 'history.example', 10);
    expect(history.scans.map((entry) => entry.id)).toEqual([scan.id]);
    const [summary] = (await scans.listDomains(ownerId, { limit: 10 })).domains;
    expect(summary).toMatchObject({ latest_scan_id: scan.id, scan_count: 1, previous_score: null });
  });

  it('folds in a scan whose summary was read before another scan of the domain was recorded', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const ownerId = `account-${crypto.randomUUID().slice(0, 8)}`;
    const first = scanOf(ownerId, 50, '2026-12-04T10:00:00.000Z', 'User-agent: *\nAllow: /');
    const second = scanOf(ownerId, 60, '2026-12-04T11:00:00.000Z', 'User-agent: *\nAllow: /');
    // Both read while their engines ran, before either was recorded (issue 37).
    const readForFirst = await scans.prefetchIndex(ownerId, 'history.example');
    const readForSecond = await scans.prefetchIndex(ownerId, 'history.example');
    await scans.indexScan(first, readForFirst);
    await scans.indexScan(second, readForSecond);
    // A read for another domain is not used for this one.
    const third = {
      ...scanOf(ownerId, 70, '2026-12-04T12:00:00.000Z', 'x'),
      domain: 'other.example',
    };
    await scans.indexScan(third, readForFirst);

    const history = await scans.listDomainScans(ownerId, 'history.example', 10);
    expect(history.scans.map((scan) => scan.id)).toEqual([second.id, first.id]);
    const summaries = (await scans.listDomains(ownerId, { limit: 10 })).domains;
    expect(summaries.find((summary) => summary.domain === 'history.example')).toMatchObject({
      latest_scan_id: second.id,
      score: 60,
      previous_score: 50,
      scan_count: 2,
    });
    expect(summaries.find((summary) => summary.domain === 'other.example')).toMatchObject({
      latest_scan_id: third.id,
      scan_count: 1,
    });
  });
});
