/**
 * The claims that keep an owner's active cases distinct, on dynalite (issue 36 point 6): of two
 * requests taking one identity at once exactly one wins; a claim is taken over only from the
 * holder read before; only its holder releases it; and an owner's claims share one partition, so
 * an account's erasure deletes them whole while another owner's stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePartition } from '#shared/adapters/dynamodb/batch-delete';
import { createCaseIdentityClaims } from '#shared/adapters/dynamodb/case-identity-claims';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { caseIdentity } from '#shared/domain/monitor/case-identity';
import { startTestTable, type TestTable } from '#test/support/dynamo';

let table: TestTable;
const TABLE = 'case-identity-claims-test';

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

const identity = caseIdentity({
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  category: 'product analytics',
  region: 'Germany',
  languages: ['en'],
});

describe('case identity claims on dynalite', () => {
  it('lets exactly one of two simultaneous takes win', async () => {
    const claims = createCaseIdentityClaims({ doc: table.doc, tableName: TABLE });
    const owner = crypto.randomUUID();
    const results = await Promise.all([
      claims.take(owner, identity, 'case-a'),
      claims.take(owner, identity, 'case-b'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 'case-a' : 'case-b';
    expect(await claims.holder(owner, identity)).toBe(winner);
  });

  it('is taken over only from the holder read before, and released only by its holder', async () => {
    const claims = createCaseIdentityClaims({ doc: table.doc, tableName: TABLE });
    const owner = crypto.randomUUID();
    expect(await claims.take(owner, identity, 'case-a')).toBe(true);
    expect(await claims.take(owner, identity, 'case-c', 'case-b')).toBe(false);
    expect(await claims.take(owner, identity, 'case-c', 'case-a')).toBe(true);
    await claims.release(owner, identity, 'case-a');
    expect(await claims.holder(owner, identity)).toBe('case-c');
    await claims.release(owner, identity, 'case-c');
    expect(await claims.holder(owner, identity)).toBeUndefined();
  });

  it("keeps an owner's claims in one partition that an erasure deletes whole", async () => {
    const db = { doc: table.doc, tableName: TABLE };
    const claims = createCaseIdentityClaims(db);
    const [erased, other] = [crypto.randomUUID(), crypto.randomUUID()];
    const renamed = caseIdentity({
      name: 'Acme',
      domain: 'acme-analytics.example',
      category: 'product analytics',
      region: '',
      languages: ['de'],
    });
    await claims.take(erased, identity, 'case-a');
    await claims.take(erased, renamed, 'case-b');
    await claims.take(other, identity, 'case-z');
    expect(await deletePartition(db, KEYS.monitorCaseIdentity(erased, '').pk)).toBe(2);
    expect(await claims.holder(erased, identity)).toBeUndefined();
    expect(await claims.holder(erased, renamed)).toBeUndefined();
    expect(await claims.holder(other, identity)).toBe('case-z');
  });
});
