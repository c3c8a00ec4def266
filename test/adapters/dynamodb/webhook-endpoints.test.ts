import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookEndpointsRepository } from '#shared/adapters/dynamodb/webhook-endpoints-repository';
import type { EndpointStore, StoredEndpoint } from '#shared/domain/webhooks/ports';
import { operatorEvent } from '#test/support/audit';
import { startTestTable, type TestTable } from '#test/support/dynamo';

/** Endpoint uniqueness, the per-account limit and the monotonic fields, on dynalite. */
let table: TestTable;
let endpoints: EndpointStore;

beforeAll(async () => {
  table = await startTestTable('endpoints-test');
  endpoints = createWebhookEndpointsRepository(table.doc, table.tableName);
});
afterAll(async () => {
  await table?.close();
});

const account = () => `acct-${crypto.randomUUID()}`;

function endpoint(accountId: string): StoredEndpoint {
  return {
    id: crypto.randomUUID(),
    account_id: accountId,
    url: 'https://hooks.example.com/in',
    label: '',
    events: ['scan.completed'],
    active: true,
    paused_reason: null,
    created_at: new Date().toISOString(),
    last_delivery_at: null,
    secrets: [{ value: 'ars_whsec_a', expires_at: null }],
  };
}

describe('webhook endpoints repository', () => {
  it('lets one of many concurrent claims of a URL win, per account', async () => {
    const id = account();
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => endpoints.claimUrl(id, 'https://a.example/x', 'e')),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await endpoints.claimUrl(account(), 'https://a.example/x', 'e')).toBe(true);
    await endpoints.releaseUrl(id, 'https://a.example/x');
    expect(await endpoints.claimUrl(id, 'https://a.example/x', 'e')).toBe(true);
  });

  it('never hands out more slots than the limit, even to concurrent callers', async () => {
    const id = account();
    const slots = await Promise.all(Array.from({ length: 8 }, () => endpoints.takeSlot(id, 3)));
    expect(slots.filter(Boolean)).toHaveLength(3);
    await endpoints.releaseSlot(id);
    expect(await endpoints.takeSlot(id, 3)).toBe(true);
    expect(await endpoints.takeSlot(id, 3)).toBe(false);
  });

  it('reads an endpoint only through its own account', async () => {
    const stored = endpoint(account());
    await endpoints.putEndpoint(stored, operatorEvent(stored.account_id, 'webhook.created'));
    expect(await endpoints.getEndpoint(stored.account_id, stored.id)).toEqual(stored);
    expect(await endpoints.getEndpoint(account(), stored.id)).toBeUndefined();
    expect(await endpoints.updateEndpoint(account(), stored.id, { label: 'x' })).toBeUndefined();
    expect(
      await endpoints.deleteEndpoint(
        account(),
        stored.id,
        operatorEvent(account(), 'webhook.deleted'),
      ),
    ).toBe(false);
  });

  it('moves last_delivery_at forward only', async () => {
    const stored = endpoint(account());
    await endpoints.putEndpoint(stored, operatorEvent(stored.account_id, 'webhook.created'));
    await endpoints.touchLastDelivery(stored.account_id, stored.id, '2026-03-01T12:00:02.000Z');
    await endpoints.touchLastDelivery(stored.account_id, stored.id, '2026-03-01T12:00:01.000Z');
    const read = await endpoints.getEndpoint(stored.account_id, stored.id);
    expect(read?.last_delivery_at).toBe('2026-03-01T12:00:02.000Z');
  });

  it('replaces the secrets only if nobody rotated them in between', async () => {
    const stored = endpoint(account());
    await endpoints.putEndpoint(stored, operatorEvent(stored.account_id, 'webhook.created'));
    const next = [{ value: 'ars_whsec_b', expires_at: null }];
    const other = [{ value: 'ars_whsec_c', expires_at: null }];
    const results = await Promise.all([
      endpoints.replaceSecrets(
        stored,
        stored.secrets,
        next,
        operatorEvent(stored.account_id, 'webhook.secret_rotated'),
      ),
      endpoints.replaceSecrets(
        stored,
        stored.secrets,
        other,
        operatorEvent(stored.account_id, 'webhook.secret_rotated'),
      ),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
