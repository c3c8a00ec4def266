import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStore, type DynaliteStore } from '#local/dynalite-internals';
import { createTransactionHandler } from '#local/dynalite-transactions';
import { createLocalDynamoClient, ensureTable } from '#local/dynamo-local';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { conditionalWrite, isConditionFailure } from '#shared/adapters/dynamodb/conditional';
import { transactWrite } from '#shared/adapters/dynamodb/transactions';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/**
 * TransactWriteItems on the local store (local/dynalite-transactions.ts): all or nothing, the
 * conditions evaluated on the current items by dynalite itself, cancellations answered as
 * DynamoDB answers them, and racing transactions never both winning the same item.
 */
let table: TestTable;
const TABLE = 'transactions-test';
const db = () => ({ doc: table.doc, tableName: TABLE });

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

const put = (pk: string, extra: Record<string, unknown> = {}, condition?: string) => ({
  Put: {
    TableName: TABLE,
    Item: { pk, sk: 'ITEM', ...extra },
    ...(condition ? { ConditionExpression: condition } : {}),
  },
});

async function read(pk: string) {
  const { Item } = await table.doc.send(
    new GetCommand({ TableName: TABLE, Key: { pk, sk: 'ITEM' }, ConsistentRead: true }),
  );
  return Item;
}

async function cancellation(write: Promise<unknown>): Promise<TransactionCanceledException> {
  try {
    await write;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return error;
    throw error;
  }
  throw new Error('the transaction was not cancelled');
}

describe('TransactWriteItems on the local store', () => {
  it('writes puts, updates and deletes together, index entries included', async () => {
    const id = crypto.randomUUID();
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: `old-${id}`, sk: 'ITEM' } }),
    );
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: `count-${id}`, sk: 'ITEM', n: 1 } }),
    );
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: `check-${id}`, sk: 'ITEM' } }),
    );
    const written = await transactWrite(db(), [
      put(`new-${id}`, { gsi1pk: `LIST#${id}`, gsi1sk: '1' }, 'attribute_not_exists(pk)'),
      {
        Update: {
          TableName: TABLE,
          Key: { pk: `count-${id}`, sk: 'ITEM' },
          UpdateExpression: 'ADD n :one SET tags = list_append(if_not_exists(tags, :none), :tag)',
          ConditionExpression: 'n < :limit',
          ExpressionAttributeValues: { ':one': 1, ':limit': 5, ':none': [], ':tag': ['a'] },
        },
      },
      { Delete: { TableName: TABLE, Key: { pk: `old-${id}`, sk: 'ITEM' } } },
      {
        ConditionCheck: {
          TableName: TABLE,
          Key: { pk: `check-${id}`, sk: 'ITEM' },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ]);
    expect(written).toBe(true);
    expect(await read(`new-${id}`)).toMatchObject({ gsi1pk: `LIST#${id}` });
    expect(await read(`count-${id}`)).toMatchObject({ n: 2, tags: ['a'] });
    expect(await read(`old-${id}`)).toBeUndefined();
    const { Items } = await table.doc.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `LIST#${id}` },
      }),
    );
    expect(Items?.map((item) => item.pk)).toEqual([`new-${id}`]);
  });

  it('writes nothing when one condition fails, and says which with DynamoDB’s reasons', async () => {
    const id = crypto.randomUUID();
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: `taken-${id}`, sk: 'ITEM', v: 1 } }),
    );
    const error = await cancellation(
      table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            put(`free-${id}`, {}, 'attribute_not_exists(pk)'),
            {
              Put: {
                TableName: TABLE,
                Item: { pk: `taken-${id}`, sk: 'ITEM', v: 2 },
                ConditionExpression: 'attribute_not_exists(pk)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      ),
    );
    expect(error.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
    );
    expect(error.CancellationReasons?.[0]).toEqual({ Code: 'None' });
    expect(error.CancellationReasons?.[1]).toMatchObject({
      Code: 'ConditionalCheckFailed',
      Message: 'The conditional request failed',
      Item: { pk: { S: `taken-${id}` }, v: { N: '1' } },
    });
    expect(isConditionFailure(error)).toBe(true);
    expect(await read(`free-${id}`)).toBeUndefined();
    expect(await read(`taken-${id}`)).toMatchObject({ v: 1 });
  });

  it('is read as "not written" by the one reading of conditional writes', async () => {
    const id = crypto.randomUUID();
    await table.doc.send(new PutCommand({ TableName: TABLE, Item: { pk: `c-${id}`, sk: 'ITEM' } }));
    const items = [put(`c-${id}`, {}, 'attribute_not_exists(pk)')];
    expect(await transactWrite(db(), items)).toBe(false);
    expect(
      await conditionalWrite(() =>
        table.doc.send(new TransactWriteCommand({ TransactItems: items })),
      ),
    ).toBe(false);
  });

  it('refuses two writes of one item, and malformed elements, as a validation error', async () => {
    const id = crypto.randomUUID();
    await expect(
      transactWrite(db(), [put(`twice-${id}`), put(`twice-${id}`, { v: 2 })]),
    ).rejects.toThrow(/multiple operations on one item/);
    await expect(
      transactWrite(db(), [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: `bad-${id}`, sk: 'ITEM' },
            UpdateExpression: 'SET',
          },
        },
      ]),
    ).rejects.toThrow(/UpdateExpression/);
    expect(await read(`twice-${id}`)).toBeUndefined();
  });

  it('lets exactly one of two transactions racing for the same item win', async () => {
    for (let round = 0; round < 10; round += 1) {
      const id = crypto.randomUUID();
      const claim = (who: string) =>
        transactWrite(db(), [
          put(`race-${id}`, { who }, 'attribute_not_exists(pk)'),
          put(`log-${id}-${who}`),
        ]);
      const outcomes = await Promise.all([claim('a'), claim('b')]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = (await read(`race-${id}`))?.who as string;
      const loser = winner === 'a' ? 'b' : 'a';
      expect(await read(`log-${id}-${winner}`)).toBeDefined();
      expect(await read(`log-${id}-${loser}`)).toBeUndefined();
    }
  });

  it('never lets racing transactions and single writes pass a conditional counter together', async () => {
    const id = crypto.randomUUID();
    const key = { pk: `limit-${id}`, sk: 'ITEM' };
    await table.doc.send(new PutCommand({ TableName: TABLE, Item: { ...key, n: 0 } }));
    const take = {
      TableName: TABLE,
      Key: key,
      UpdateExpression: 'ADD n :one',
      ConditionExpression: 'n < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 10 },
    };
    const attempts = Array.from({ length: 30 }, (_, index) =>
      index % 2 === 0
        ? transactWrite(db(), [{ Update: take }, put(`took-${id}-${index}`)])
        : conditionalWrite(() => table.doc.send(new UpdateCommand(take))),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter(Boolean)).toHaveLength(10);
    expect((await read(key.pk))?.n).toBe(10);
    const logged = await Promise.all(
      outcomes.map((won, index) => (index % 2 === 0 ? read(`took-${id}-${index}`) : won)),
    );
    // Every transaction that took a unit wrote its second item; none that was refused did.
    outcomes.forEach((won, index) => {
      if (index % 2 === 0) expect(Boolean(logged[index])).toBe(won);
    });
  });
});

describe('the transaction handler itself', () => {
  let server: Server;
  let store: DynaliteStore;
  let endpoint: string;

  beforeAll(async () => {
    ({ result: server, store } = captureStore((): Server => dynalite({ createTableMs: 0 })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const raw = createLocalDynamoClient(endpoint);
    await ensureTable(raw, TABLE);
    raw.destroy();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const request = (pk: string, token?: string) =>
    JSON.stringify({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk: { S: pk }, sk: { S: 'ITEM' } } } },
        { Put: { TableName: TABLE, Item: { pk: { S: `${pk}-2` }, sk: { S: 'ITEM' } } } },
      ],
      ...(token ? { ClientRequestToken: token } : {}),
    });

  it('writes nothing at all when the one batch fails (a crash before it leaves nothing)', async () => {
    const transact = createTransactionHandler(store);
    const realBatch = store.db.batch;
    store.db.batch = (_operations, callback) => callback(new Error('disk gone'));
    try {
      await expect(transact(request('crash'))).rejects.toThrow('disk gone');
    } finally {
      store.db.batch = realBatch;
    }
    const doc = createDocumentClient({ region: 'us-east-1', endpoint });
    for (const pk of ['crash', 'crash-2']) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: TABLE, Key: { pk, sk: 'ITEM' } }),
      );
      expect(Item).toBeUndefined();
    }
    doc.destroy();
  });

  it('answers a repeated client token as the first time, and refuses it for another request', async () => {
    const transact = createTransactionHandler(store);
    const first = await transact(request('token', 'tok-1'));
    expect(first.status).toBe(200);
    expect(await transact(request('token', 'tok-1'))).toEqual(first);
    const other = await transact(request('token-other', 'tok-1'));
    expect(other.body.__type).toMatch(/IdempotentParameterMismatchException$/);
  });

  it('refuses an empty or oversized request like DynamoDB (a validation error)', async () => {
    const transact = createTransactionHandler(store);
    const empty = await transact(JSON.stringify({ TransactItems: [] }));
    expect(empty.body.__type).toMatch(/ValidationException$/);
    const items = Array.from({ length: 101 }, (_, index) => put(`many-${index}`));
    await expect(
      table.doc.send(new TransactWriteCommand({ TransactItems: items })),
    ).rejects.toThrow(/length less than or equal to 100/);
  });
});
