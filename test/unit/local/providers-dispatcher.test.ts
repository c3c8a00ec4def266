/**
 * `npm run providers` offline (issue 26, point 5, for the last outbound path): with OFFLINE_DNS=1
 * the command's pool reaches loopback addresses only, whatever the provider's base URL. The pool
 * connects through a recorder, so nothing is sent even if the guard were broken.
 */
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { providersCliDispatcher } from '#local/providers-dispatcher';
import { createProvider, loadProvidersConfig } from '#shared/adapters/providers/index';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { connectRecorder } from '#test/support/connect-recorder';

const open: Dispatcher[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((dispatcher) => dispatcher.close()));
});

async function askThrough(baseUrl: string, env: NodeJS.ProcessEnv) {
  const recorder = connectRecorder();
  const dispatcher = providersCliDispatcher(env, recorder.step);
  open.push(dispatcher);
  const config = { ...loadProvidersConfig({}).openai, apiKey: 'k', baseUrl };
  const error = await createProvider('openai', config, { dispatcher })
    .ask({ prompt: 'Which CRM?', mode: 'raw' })
    .catch((caught: unknown) => caught);
  return { error, connections: recorder.connections };
}

describe('the providers command offline', () => {
  it.each(['http://10.255.255.1/v1', 'http://93.184.215.14/v1'])(
    'refuses %s before any connection, as not worth retrying',
    async (baseUrl) => {
      const { error, connections } = await askThrough(baseUrl, { OFFLINE_DNS: '1' });
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).type).toBe('rejected');
      expect(connections).toEqual([]);
    },
  );

  it("does not resolve a provider's real host name offline: nothing is sent", async () => {
    const { error, connections } = await askThrough('https://api.openai.com/v1', {
      OFFLINE_DNS: '1',
    });
    expect(error).toBeInstanceOf(ProviderError);
    expect(connections).toEqual([]);
  });

  it('lets a loopback address through to the socket', async () => {
    const { connections } = await askThrough('http://127.0.0.1:9/v1', { OFFLINE_DNS: 'true' });
    expect(connections.map((connection) => connection.addresses)).toEqual([['127.0.0.1']]);
  });
});
