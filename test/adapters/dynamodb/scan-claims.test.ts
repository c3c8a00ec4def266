/**
 * Claiming a browser's anonymous scans on dynalite (issue 36 point 2): only with the browser's
 * mark, only a scan nobody owns and older than the account, and a claim cut short between its
 * two writes (the owner set, the history not yet recorded) is finished by the next try.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { createScanClaims } from '#shared/adapters/dynamodb/scan-claims';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { claimBrowserScans, claimHashOf } from '#shared/domain/scans/browser-scans';
import type { StoredScan } from '#shared/domain/scans/ports';
import { startTestTable, type TestTable } from '#test/support/dynamo';

let table: TestTable;
const TABLE = 'scan-claims-test';
const TOKEN = 'T'.repeat(43);
const ACCOUNT_CREATED = '2026-11-24T12:00:00.000Z';

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

function anonymous(domain: string, createdAt: string, token = TOKEN): StoredScan {
  return {
    id: crypto.randomUUID(),
    domain,
    score: 50,
    scoring_version: 2,
    created_at: createdAt,
    checks: [],
    claim_hash: claimHashOf(token),
  };
}

const domainsOf = async (ownerId: string) =>
  (await createScansRepository(table.doc, TABLE).listDomains(ownerId, { limit: 10 })).domains.map(
    (entry) => entry.domain,
  );

describe('claiming a browser’s scans', () => {
  it('takes the scans with the browser’s mark made before the account, and nothing else', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const mine = anonymous('mine.example', '2026-11-24T10:00:00.000Z');
    const another = anonymous('another.example', '2026-11-24T10:00:00.000Z', 'O'.repeat(43));
    const later = anonymous('later.example', '2026-11-24T13:00:00.000Z');
    for (const scan of [mine, another, later]) await scans.putScan(scan);
    const claimed = await claimBrowserScans(
      {
        ownerId: 'user-a',
        ownerCreatedAt: ACCOUNT_CREATED,
        token: TOKEN,
        scanIds: [mine.id, another.id, later.id],
      },
      { claims: createScanClaims(table.doc, TABLE) },
    );
    expect(claimed).toBe(1);
    expect((await scans.getScan(mine.id))?.owner_id).toBe('user-a');
    expect((await scans.getScan(another.id))?.owner_id).toBeUndefined();
    expect((await scans.listByOwner('user-a', 10)).scans.map((scan) => scan.id)).toEqual([mine.id]);
    expect(await domainsOf('user-a')).toEqual(['mine.example']);
    // Claimed once: another account with the same cookie takes nothing.
    const claims = createScanClaims(table.doc, TABLE);
    expect(await claims.claimScan(mine.id, 'user-b', claimHashOf(TOKEN), ACCOUNT_CREATED)).toBe(
      false,
    );
  });

  it('finishes a claim a crash cut short after the owner was set', async () => {
    const scans = createScansRepository(table.doc, TABLE);
    const cut = anonymous('cut.example', '2026-11-24T11:00:00.000Z');
    await scans.putScan(cut);
    // The first write of a claim, and then the process died: no history yet.
    await table.doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: KEYS.scan(cut.id),
        UpdateExpression: 'SET owner_id = :owner',
        ExpressionAttributeValues: { ':owner': 'user-c' },
      }),
    );
    expect(await domainsOf('user-c')).toEqual([]);
    const claims = createScanClaims(table.doc, TABLE);
    expect(await claims.claimScan(cut.id, 'user-c', claimHashOf(TOKEN), ACCOUNT_CREATED)).toBe(
      true,
    );
    expect(await claims.claimScan(cut.id, 'user-c', claimHashOf(TOKEN), ACCOUNT_CREATED)).toBe(
      true,
    );
    expect(await domainsOf('user-c')).toEqual(['cut.example']);
    const [summary] = (await scans.listDomains('user-c', { limit: 10 })).domains;
    expect(summary?.scan_count).toBe(1);
  });
});
