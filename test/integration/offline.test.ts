import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { getMonitorLaneDeps } from '#shared/wiring/monitor-lanes';
import { getProviderDispatcher } from '#shared/wiring/monitor-providers';
import { connectRecorder } from '#test/support/connect-recorder';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 26, point 5, through the service's own wiring: with OFFLINE_DNS=1, even with private
 * targets allowed (ALLOW_PRIVATE_TARGETS=1, as tests and local use run), scans, webhook deliveries
 * and provider calls reach loopback only. Every guarded agent of the stack connects through a
 * recorder, so nothing is sent even if a refusal were missing; the test then fails on what the
 * recorder saw.
 */
let stack: TestStack;
const recorder = connectRecorder();
const PRIVATE = '10.255.255.1';
const PUBLIC = '93.184.215.14';

beforeAll(async () => {
  stack = await startTestStack(
    {
      OFFLINE_DNS: '1',
      ALLOW_PRIVATE_TARGETS: '1',
      // Two families with keys, so that they are called at these addresses, not the simulator.
      OPENAI_API_KEY: 'sk-offline-test',
      OPENAI_BASE_URL: `http://${PRIVATE}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-offline-test',
      ANTHROPIC_BASE_URL: `http://${PUBLIC}`,
    },
    null,
    { connectStep: recorder.step },
  );
});
afterAll(async () => {
  await stack?.close();
});

describe('offline (OFFLINE_DNS=1), with private targets allowed', () => {
  it.each([PRIVATE, PUBLIC, `0x0a.0xff.0xff.0x01`, `[::ffff:${PUBLIC}]`])(
    'refuses a scan of %s with a 400 that says why',
    async (host) => {
      const key = await stack.createKey(['scans:read', 'scans:write']);
      const response = await callJson(stack.baseUrl, '/api/v1/scans', {
        method: 'POST',
        key,
        body: { domain: `http://${host}/` },
      });
      expect(response.status).toBe(400);
      expect(response.body.error?.message).toContain('OFFLINE_DNS=1');
      expect(recorder.connections).toEqual([]);
    },
  );

  it.each([PRIVATE, PUBLIC])(
    'refuses a webhook delivery to %s, recorded as blocked',
    async (host) => {
      const key = await stack.createKey(['webhooks:manage']);
      const call = (method: string, path: string, body?: unknown) =>
        callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
      const created = await call('POST', '/api/v1/webhooks', { url: `https://${host}/hook` });
      expect(created.status).toBe(201);
      const id = (created.body.endpoint as { id: string }).id;
      const tested = await call('POST', `/api/v1/webhooks/${id}/test`);
      expect(tested.body.delivery).toMatchObject({ status: 'failed', last_status: null });
      expect(JSON.stringify(tested.body.delivery)).toContain('not loopback');
      expect(recorder.connections).toEqual([]);
    },
  );

  it.each([
    ['openai', PRIVATE],
    ['anthropic', PUBLIC],
  ] as const)('refuses a %s call to %s, as not worth retrying', async (family, host) => {
    // The adapters send through this dispatcher only: checked first, so that a wiring without the
    // guard fails here rather than send through the plain agent, which no recorder stands behind.
    expect(getProviderDispatcher().offline).toBe(true);
    const provider = await getMonitorLaneDeps().providers.forFamily(family);
    const error = await provider.ask({ prompt: 'Which CRM?', mode: 'raw' }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).type).toBe('rejected');
    expect((error as ProviderError).message).toContain('OFFLINE_DNS=1');
    expect((error as ProviderError).message).toContain(host);
    expect(recorder.connections).toEqual([]);
  });
});
