import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { UNWRITTEN_PLACE_GRACE_MS } from '#shared/adapters/dynamodb/key-slots';
import { GSI, INDEX, KEYS } from '#shared/adapters/dynamodb/keys';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { MAX_ACTIVE_KEYS } from '#shared/domain/accounts/key-schemas';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import type { UsersRepository } from '#shared/domain/accounts/ports';
import { AppError } from '#shared/domain/kernel/errors';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/**
 * Issue 26, point 4: the places of the active-key cap (`USER#<id>` / `KEYSLOTS`) move with every
 * key written or revoked, by the operator CLI as by the API, and only stale places are ever freed.
 */
let table: TestTable;
const TABLE = 'key-places-test';

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

function operatorOn(doc: DynamoDBDocumentClient = table.doc) {
  const users = createUsersRepository(doc, TABLE);
  return {
    users,
    operator: createOperatorService({
      users,
      members: createTeamRepository(doc, TABLE),
      adminEmails: [],
      clock: systemClock,
    }),
  };
}

async function newAccount(doc?: DynamoDBDocumentClient) {
  const { users, operator } = operatorOn(doc);
  const email = `places-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await operator.createUser({ email, plan: 'pro' });
  const createKey = () => operator.createKey({ email, scopes: ['scans:read'], plugin: false });
  return { users, operator, user, email, createKey };
}

async function places(userId: string): Promise<Record<string, string> | undefined> {
  const { Item } = await table.doc.send(
    new GetCommand({ TableName: TABLE, Key: KEYS.keySlots(userId), ConsistentRead: true }),
  );
  return Item?.places;
}

const activeKeys = async (users: UsersRepository, userId: string) =>
  (await users.listKeys(userId)).filter((key) => !key.revoked_at);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'created',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

async function fill(createKey: () => Promise<unknown>, count: number) {
  for (let index = 0; index < count; index += 1) await createKey();
}

describe('the places of the active-key cap', () => {
  it('exist from the account creation and hold each key the operator makes', async () => {
    const { user, createKey } = await newAccount();
    expect(await places(user.id)).toEqual({});
    const { stored } = await createKey();
    expect(await places(user.id)).toEqual({ [stored.id]: 'key' });
  });

  it('bind the operator CLI too, and an operator revoke frees a place', async () => {
    const { users, operator, user, createKey } = await newAccount();
    await fill(createKey, MAX_ACTIVE_KEYS);
    expect(await refusal(createKey())).toBe('invalid_request');
    const [first] = await activeKeys(users, user.id);
    await operator.revokeKey(String(first?.id));
    expect(Object.keys((await places(user.id)) ?? {})).toHaveLength(MAX_ACTIVE_KEYS - 1);
    expect(await refusal(createKey())).toBe('created');
    expect(await activeKeys(users, user.id)).toHaveLength(MAX_ACTIVE_KEYS);
  }, 60_000);

  it('are made once from the listed active keys for an account with the earlier counter', async () => {
    const { users, operator, user, createKey } = await newAccount();
    const kept = await createKey();
    const gone = await createKey();
    await operator.revokeKey(gone.stored.id);
    // The counter of before: a number that may be wrong, no map.
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { ...KEYS.keySlots(user.id), active: 50 } }),
    );
    const made = await createKey();
    expect(await places(user.id)).toEqual({ [kept.stored.id]: 'key', [made.stored.id]: 'key' });
    expect(await activeKeys(users, user.id)).toHaveLength(2);
  });

  it('free the place of a key whose revoke stopped before freeing it, once full', async () => {
    const { users, user, createKey } = await newAccount();
    await fill(createKey, MAX_ACTIVE_KEYS);
    const [victim] = await activeKeys(users, user.id);
    // The key's revocation written, its place not freed (the process died between the writes).
    await table.doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: await keyItemKey(victim?.id ?? ''),
        UpdateExpression: 'SET revoked_at = :at',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );
    expect(Object.keys((await places(user.id)) ?? {})).toHaveLength(MAX_ACTIVE_KEYS);
    expect(await refusal(createKey())).toBe('created');
    expect((await places(user.id))?.[victim?.id ?? '']).toBeUndefined();
    expect(await activeKeys(users, user.id)).toHaveLength(MAX_ACTIVE_KEYS);
  }, 60_000);

  it('free an unwritten place only long after its create must have ended', async () => {
    const { users, user, createKey } = await newAccount();
    await fill(createKey, MAX_ACTIVE_KEYS - 2);
    const recent = new Date().toISOString();
    const old = new Date(Date.now() - UNWRITTEN_PLACE_GRACE_MS - 1000).toISOString();
    await setPlace(user.id, 'key_inflight00000000', recent);
    await setPlace(user.id, 'key_abandoned0000000', old);
    expect(await refusal(createKey())).toBe('created');
    const left = (await places(user.id)) ?? {};
    expect(left.key_abandoned0000000).toBeUndefined();
    expect(left.key_inflight00000000).toBe(recent);
    expect(await refusal(createKey())).toBe('invalid_request');
    expect(await activeKeys(users, user.id)).toHaveLength(MAX_ACTIVE_KEYS - 1);
  }, 60_000);

  it('refuse a create whose place was freed while it stood still, its key revoked', async () => {
    let account: Awaited<ReturnType<typeof newAccount>> | undefined;
    let armed = false;
    const send = table.doc.send.bind(table.doc) as (command: unknown) => Promise<unknown>;
    const stalled = new Proxy(table.doc, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver);
        return async (command: unknown) => {
          // The key is written with its audit event, in one transaction.
          const keyItem =
            command instanceof TransactWriteCommand
              ? command.input.TransactItems?.find((item) => item.Put?.Item?.sk === 'APIKEY')?.Put
                  ?.Item
              : undefined;
          if (armed && keyItem) {
            // While this create stands still, its unwritten place is freed as stale.
            const id = String(keyItem.id);
            await send(
              new UpdateCommand({
                TableName: TABLE,
                Key: KEYS.keySlots(String(account?.user.id)),
                UpdateExpression: 'REMOVE places.#id',
                ExpressionAttributeNames: { '#id': id },
              }),
            );
          }
          return send(command);
        };
      },
    });
    account = await newAccount(stalled);
    armed = true;
    expect(await refusal(account.createKey())).toBe('invalid_request');
    expect(await activeKeys(account.users, account.user.id)).toHaveLength(0);
    expect(await places(account.user.id)).toEqual({});
  });
});

async function setPlace(userId: string, id: string, value: string) {
  await table.doc.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: KEYS.keySlots(userId),
      UpdateExpression: 'SET places.#id = :value',
      ExpressionAttributeNames: { '#id': id },
      ExpressionAttributeValues: { ':value': value },
    }),
  );
}

async function keyItemKey(keyId: string): Promise<{ pk: string; sk: string }> {
  const { Items } = await table.doc.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :id',
      ExpressionAttributeValues: { ':id': GSI.keyId(keyId) },
    }),
  );
  const item = Items?.[0];
  return { pk: String(item?.pk), sk: String(item?.sk) };
}
