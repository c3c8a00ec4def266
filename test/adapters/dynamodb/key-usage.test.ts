import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { KEY_LAST_USED_RESOLUTION_MS } from '#shared/domain/accounts/key-usage';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/**
 * The keys' last use on dynalite (docs/api.md "API keys"): DynamoDB's own condition semantics
 * decide when the stored time moves, and listings read it for any number of keys.
 */
let table: TestTable;
let doc: DynamoDBDocumentClient;
const TABLE = 'key-usage-test';
const T0 = Date.parse('2026-11-25T10:00:00.000Z');

beforeAll(async () => {
  table = await startTestTable(TABLE);
  doc = table.doc;
});
afterAll(async () => {
  await table?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const keyId = () => `key_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;

describe('key usage repository', () => {
  it('keeps the first time for writes within the resolution and moves it after', async () => {
    const usage = createKeyUsageRepository(doc, TABLE);
    const id = keyId();
    await usage.recordUse(id, new Date(T0));
    await usage.recordUse(id, new Date(T0 + 60_000));
    await usage.recordUse(id, new Date(T0 + KEY_LAST_USED_RESOLUTION_MS - 1));
    expect((await usage.lastUsed([id])).get(id)).toBe(new Date(T0).toISOString());
    const later = new Date(T0 + KEY_LAST_USED_RESOLUTION_MS + 1);
    await usage.recordUse(id, later);
    expect((await usage.lastUsed([id])).get(id)).toBe(later.toISOString());
    // One item in the key's RATE# partition, the leading key the read-only grant allows.
    const { Item } = await doc.send(
      new GetCommand({ TableName: TABLE, Key: KEYS.keyLastUsed(id) }),
    );
    expect(Item).toEqual({ pk: `RATE#${id}`, sk: 'LAST_USED', last_used_at: later.toISOString() });
  });

  it('lets concurrent writers within the resolution leave one time', async () => {
    const usage = createKeyUsageRepository(doc, TABLE);
    const id = keyId();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => usage.recordUse(id, new Date(T0 + index * 1000))),
    );
    const stored = (await usage.lastUsed([id])).get(id);
    expect(stored).toBeDefined();
    expect(Date.parse(stored ?? '') - T0).toBeLessThan(10_000);
  });

  it('reads more than 100 keys, leaving out the never used, and asks again for unprocessed keys', async () => {
    const usage = createKeyUsageRepository(doc, TABLE);
    const ids = Array.from({ length: 230 }, keyId);
    const used = ids.filter((_, index) => index % 3 === 0);
    await Promise.all(used.map((id, index) => usage.recordUse(id, new Date(T0 + index))));
    // The store leaves the last two keys of each first request unprocessed once.
    const send = doc.send.bind(doc);
    const requests: number[] = [];
    let deferred = 0;
    vi.spyOn(doc, 'send').mockImplementation((async (command: unknown) => {
      const answer = (await send(command as never)) as Record<string, unknown>;
      if (!(command instanceof BatchGetCommand)) return answer;
      const keys = command.input.RequestItems?.[TABLE]?.Keys ?? [];
      requests.push(keys.length);
      if (keys.length < 2 || deferred >= 3 || requests.length % 2 === 0) return answer;
      deferred += 1;
      const held = keys.slice(-2) as { pk: string }[];
      const responses = (answer.Responses as Record<string, { pk: string }[]>)[TABLE] ?? [];
      return {
        ...answer,
        Responses: {
          [TABLE]: responses.filter((item) => !held.some((key) => key.pk === item.pk)),
        },
        UnprocessedKeys: { [TABLE]: { Keys: held } },
      };
    }) as never);
    const found = await usage.lastUsed([...ids, ids[0] as string]);
    expect([...found.keys()].sort()).toEqual([...used].sort());
    expect(found.get(used[1] as string)).toBe(new Date(T0 + 1).toISOString());
    expect(Math.max(...requests)).toBe(100);
    expect(requests.filter((size) => size === 2)).toHaveLength(deferred);
    expect(deferred).toBeGreaterThan(0);
  });

  it('reads nothing for no keys', async () => {
    const usage = createKeyUsageRepository(doc, TABLE);
    expect((await usage.lastUsed([])).size).toBe(0);
  });
});
