import { afterEach, describe, expect, it } from 'vitest';
import { validateReceiverUrl } from '#shared/domain/webhooks/url-policy';
import { loadConfig, readEnvironment } from '#shared/wiring/config';
import { type StartedWiring, startWiring } from '#shared/wiring/lazy';
import { getWebhookDeps } from '#shared/wiring/webhooks';

/**
 * Issue 18, finding 6: OFFLINE_DNS=1 governs every name lookup of the service, webhook
 * registration included, through one lookup function: with it, a public name is unknown at once
 * and no query leaves the machine.
 */
let wiring: StartedWiring | undefined;

afterEach(() => {
  wiring?.close();
  wiring = undefined;
});

describe('OFFLINE_DNS', () => {
  it('makes webhook registration resolve names offline: a public name is unresolvable', async () => {
    wiring = startWiring({ config: loadConfig({ ...readEnvironment(), OFFLINE_DNS: '1' }) });
    const deps = getWebhookDeps();
    expect(deps.lookup).toBeDefined();
    await expect(deps.lookup('example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(
      validateReceiverUrl('https://example.com/hook', {
        allowPrivateTargets: false,
        lookup: deps.lookup,
      }),
    ).rejects.toMatchObject({ code: 'invalid_url', details: { rule: 'unresolvable' } });
  });
});
