import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createKey, type KeyDeps, revokeKey } from '#shared/domain/accounts/key-operations';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import type { KeyPrincipal } from '#shared/domain/accounts/principal';
import type { Scope } from '#shared/domain/accounts/scopes';
import { AppError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/**
 * Issue 18, finding 3: the 50-active-key cap holds under concurrency. 50 parallel creates by an
 * account holding one active key: exactly 49 succeed, the rest are refused with the cap's error.
 */
let table: TestTable;
const TABLE = 'key-cap-test';

beforeAll(async () => {
  table = await startTestTable(TABLE);
});
afterAll(async () => {
  await table?.close();
});

async function accountWithOneKey(
  doc: DynamoDBDocumentClient = table.doc,
): Promise<{ deps: KeyDeps; principal: KeyPrincipal }> {
  const users = createUsersRepository(doc, TABLE);
  const operator = createOperatorService({
    users,
    members: createTeamRepository(doc, TABLE),
    adminEmails: [],
    clock: systemClock,
  });
  const email = `cap-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await operator.createUser({ email, plan: 'pro' });
  const { stored } = await operator.createKey({ email, scopes: ['scans:read'], plugin: false });
  const principal: KeyPrincipal = {
    kind: 'key',
    keyId: stored.id,
    accountId: user.id,
    memberId: user.id,
    email,
    role: 'owner',
    scopes: new Set<Scope>(['scans:read']),
    plugin: false,
  };
  const usage = createKeyUsageRepository(table.doc, TABLE);
  return { deps: { users, usage, adminEmails: [], clock: systemClock }, principal };
}

function input<P, B>(principal: KeyPrincipal, params: P, body: B) {
  return {
    params,
    query: undefined,
    body,
    principal,
    request: { requestId: 'test', sourceIp: '127.0.0.1', baseUrl: 'http://localhost' },
  } as unknown as CallerInput<P, undefined, B>;
}

/**
 * A document client whose writes of key items, once armed, wait until `expected` creates have
 * each either reached that write or been refused, so places can be taken while none of those keys
 * is stored yet: the interleaving in which a count of the stored keys undercounts the places.
 */
function holdKeyWrites(doc: DynamoDBDocumentClient, expected: number) {
  let armed = false;
  let arrived = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const arrive = () => {
    arrived += 1;
    for (const waiter of waiting.filter((entry) => arrived >= entry.count)) waiter.resolve();
  };
  const whenArrived = (count: number) =>
    new Promise<void>((resolve) => {
      waiting.push({ count, resolve });
      if (arrived >= count) resolve();
    });
  const gate = whenArrived(expected);
  const send = doc.send.bind(doc) as (command: unknown) => Promise<unknown>;
  const held = new Proxy(doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver);
      return async (command: unknown) => {
        // The key is written with its audit event, in one transaction.
        const writesKey =
          command instanceof TransactWriteCommand &&
          command.input.TransactItems?.some((item) => item.Put?.Item?.sk === 'APIKEY');
        if (armed && writesKey) {
          arrive();
          await gate;
        }
        return send(command);
      };
    },
  });
  const arm = () => {
    armed = true;
  };
  return { doc: held, arm, whenArrived, refused: arrive };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'created',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('the active-key cap', () => {
  it('lets exactly 49 of 50 parallel creates through when one key is active', async () => {
    const { deps, principal } = await accountWithOneKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(createKey(input(principal, undefined, { scopes: ['scans:read'] }), deps)),
      ),
    );
    expect(results.filter((result) => result === 'created')).toHaveLength(49);
    expect(new Set(results.filter((result) => result !== 'created'))).toEqual(
      new Set(['invalid_request']),
    );
    const active = (await deps.users.listKeys(principal.accountId)).filter(
      (key) => !key.revoked_at,
    );
    expect(active).toHaveLength(50);
  }, 60_000);

  it('holds at 50 when an older account reaches the cap while its new keys are unwritten', async () => {
    const hold = holdKeyWrites(table.doc, 50);
    const { deps, principal } = await accountWithOneKey(hold.doc);
    // An account older than the counter: its operator-made key is the only trace of its keys.
    await table.doc.send(
      new DeleteCommand({ TableName: TABLE, Key: KEYS.keySlots(principal.accountId) }),
    );
    hold.arm();
    const create = () =>
      outcome(
        createKey(input(principal, undefined, { scopes: ['scans:read'] }), deps).catch(
          (error: unknown) => {
            hold.refused();
            throw error;
          },
        ),
      );
    // 49 creates take the 49 free places; their keys wait. The 50th comes when the cap is reached.
    const first = Array.from({ length: 49 }, create);
    await hold.whenArrived(49);
    const last = await create();
    const results = [...(await Promise.all(first)), last];
    const active = (await deps.users.listKeys(principal.accountId)).filter(
      (key) => !key.revoked_at,
    );
    expect(active).toHaveLength(50);
    expect(last).toBe('invalid_request');
    expect(results.filter((result) => result === 'created')).toHaveLength(49);
  }, 60_000);

  it('frees a place when a key is revoked', async () => {
    const { deps, principal } = await accountWithOneKey();
    const created = [];
    for (let index = 0; index < 49; index += 1) {
      created.push(await createKey(input(principal, undefined, { scopes: ['scans:read'] }), deps));
    }
    expect(
      await outcome(createKey(input(principal, undefined, { scopes: ['scans:read'] }), deps)),
    ).toBe('invalid_request');
    await revokeKey(input(principal, { id: String(created[0]?.key.id) }, undefined), deps);
    expect(
      await outcome(createKey(input(principal, undefined, { scopes: ['scans:read'] }), deps)),
    ).toBe('created');
  }, 60_000);
});
