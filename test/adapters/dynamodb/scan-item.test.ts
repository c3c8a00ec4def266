/**
 * The scan item (issue 37): its checks, environment, peers and fix inputs are kept as one JSON
 * string attribute `report`, so a write and a read of a scan cost the SDK and the store one
 * attribute instead of a thousand; a scan stored before, with those members as maps, reads the same.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import type { StoredScan } from '#shared/domain/scans/ports';
import { startTestTable, type TestTable } from '#test/support/dynamo';

const TABLE = 'scan-item-test';
let table: TestTable;

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

function scanOf(): StoredScan {
  return {
    id: crypto.randomUUID(),
    domain: 'item.example',
    score: 61,
    scoring_version: 2,
    created_at: '2026-12-06T10:00:00.000Z',
    checks: [
      {
        id: 'robots',
        pillar: 'R',
        state: 'good',
        score: 10,
        max: 10,
        findings: [{ id: 'robots.ok', severity: 'info', message: 'fine' }],
      },
    ] as never,
    environment: { scanned_from: 'local' } as never,
    peers: { lighthouse: { version: '13.5.0', audits: {} } } as never,
    owner_id: 'account-item',
  };
}

describe('a scan item', () => {
  it('keeps the checks and what goes with them in one string, and reads back the same scan', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const scan = scanOf();
    expect(await scans.putScan(scan)).toBe(true);
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: TABLE, Key: KEYS.scan(scan.id) }),
    );
    expect(typeof Item?.report).toBe('string');
    expect(Item).not.toHaveProperty('checks');
    expect(await scans.getScan(scan.id)).toMatchObject({ ...scan, checks: scan.checks });
    expect((await scans.listByOwner('account-item', 10)).scans[0]?.checks).toEqual(scan.checks);
  });

  it('reads a scan stored before, with its checks as maps, as it was', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const { owner_id: _owner, ...scan } = scanOf();
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { ...KEYS.scan(scan.id), ...scan } }),
    );
    expect(await scans.getScan(scan.id)).toEqual(scan);
  });
});
