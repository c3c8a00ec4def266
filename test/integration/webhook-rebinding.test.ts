import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newEvent } from '#shared/domain/events/types';
import { getEventPublisher } from '#shared/wiring/events';
import { getLogger } from '#shared/wiring/logger';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { createEndpoint, listWebhooks, waitForDelivery } from '#test/support/webhooks';

/**
 * The production address policy (no ALLOW_PRIVATE_TARGETS): private and reserved receivers are
 * refused at registration, and a name that resolved to a public address at registration but
 * resolves to a private one when a delivery connects (DNS rebinding) is refused at connect time
 * and logged. Names are resolved by a table installed in process instead of DNS; whatever it
 * answers for a delivery is a loopback address, so nothing ever leaves the machine.
 */
const PUBLIC = '93.184.216.34';
const answers = new Map<string, LookupAddress[]>();
const v4 = (address: string): LookupAddress => ({ address, family: 4 });

let stack: TestStack;
let key: string;
let accountId: string;

beforeAll(async () => {
  stack = await startTestStack({ WORKFLOW_TIME_SCALE: '0.01', WEBHOOK_RETRY_DELAYS_S: '1' }, null, {
    receiverLookup: async (hostname) => {
      const found = answers.get(hostname);
      if (!found) {
        throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
      }
      return found;
    },
  });
  const email = `rebind-${crypto.randomUUID().slice(0, 8)}@example.com`;
  key = await stack.createKey(['webhooks:manage'], { email });
  accountId = (await stack.operator.listKeys(email))[0]?.user_id ?? '';
});
afterAll(async () => {
  await stack?.close();
});

describe('registration with the production address policy', () => {
  beforeAll(() => {
    answers.set('private.example.test', [v4('10.0.0.7')]);
    answers.set('mixed.example.test', [v4(PUBLIC), v4('192.168.1.1')]);
    answers.set('mapped.example.test', [{ address: '::ffff:127.0.0.1', family: 6 }]);
    answers.set('xn--bcher-kva.example.test', [v4(PUBLIC)]);
  });

  it.each([
    ['a loopback literal', 'https://127.0.0.1/hook', 'private_address'],
    ['an IPv6 loopback literal', 'https://[::1]/hook', 'private_address'],
    ['an IPv4-mapped private literal', 'https://[::ffff:10.0.0.1]/hook', 'private_address'],
    ['the metadata address', 'https://169.254.169.254/latest', 'private_address'],
    ['a CGNAT literal', 'https://100.64.0.1/hook', 'private_address'],
    ['localhost', 'https://localhost/hook', 'local_hostname'],
    ['a single-label name', 'https://intranet/hook', 'local_hostname'],
    [
      'a name resolving to a private address',
      'https://private.example.test/hook',
      'private_address',
    ],
    [
      'a name with one private address among public ones',
      'https://mixed.example.test/',
      'private_address',
    ],
    ['a name resolving to mapped loopback', 'https://mapped.example.test/', 'private_address'],
    ['a port other than 443', 'https://mixed.example.test:8443/', 'port_not_allowed'],
    ['a name that does not resolve', 'https://nowhere.example.test/', 'unresolvable'],
  ])('refuses %s with 400 invalid_url', async (_name, url, rule) => {
    const response = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key,
      body: { url },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_url');
    expect((response.body.error as { details?: { rule?: string } }).details?.rule).toBe(rule);
  });

  it('stores an internationalised name in punycode', async () => {
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: 'https://bücher.example.test/hook',
      events: ['run.completed'],
    });
    expect(endpoint.url).toBe('https://xn--bcher-kva.example.test/hook');
  });
});

describe('a receiver that resolves to a private address at delivery time', () => {
  it('is refused at connect time, logged, and the delivery fails without retries', async () => {
    const warn = vi.spyOn(getLogger(), 'warn');
    answers.set('hooks.rebind.test', [v4(PUBLIC)]);
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: 'https://hooks.rebind.test/in',
      events: ['scan.completed'],
    });
    // The name now points at the machine itself.
    answers.set('hooks.rebind.test', [v4('127.0.0.1')]);
    const event = newEvent(
      'scan.completed',
      accountId,
      { scan: { id: crypto.randomUUID() } },
      new Date(),
    );
    await getEventPublisher()?.publish(event);

    const delivery = await waitForDelivery(
      stack.baseUrl,
      key,
      (d) => d.event_id === event.id && d.status === 'failed',
    );
    expect(delivery).toMatchObject({ attempts: 1, last_status: null });
    expect(delivery.attempt_log[0]?.error_class).toBe('blocked');
    expect(delivery.last_error).toMatch(/hooks\.rebind\.test resolves to a non-public address/);
    const logged = warn.mock.calls.find(
      ([, fields]) => (fields as { delivery_id?: string } | undefined)?.delivery_id === delivery.id,
    );
    expect(logged?.[0]).toMatch(/refused/);
    expect(logged?.[1]).toMatchObject({ error_class: 'blocked', event_id: event.id });
    warn.mockRestore();

    // The endpoint stays active: the next event is checked afresh.
    const list = await listWebhooks(stack.baseUrl, key);
    expect(list.endpoints.find((entry) => entry.id === endpoint.id)?.active).toBe(true);
    const test = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/test`, {
      method: 'POST',
      key,
    });
    expect(test.body.delivery).toMatchObject({ status: 'failed', last_status: null });
  });
});
