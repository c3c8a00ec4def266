import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMonitorProviderConfig } from '#shared/wiring/monitor-providers';

const secrets = mockClient(SecretsManagerClient);
afterEach(() => secrets.reset());

describe('provider keys on AWS', () => {
  it('reads the keys from the secret named by PROVIDER_KEYS_SECRET_ARN, ignoring other fields', async () => {
    secrets.on(GetSecretValueCommand).resolves({
      SecretString: JSON.stringify({
        OPENAI_API_KEY: 'sk-test',
        GEMINI_API_KEY: ' g-key ',
        unused: 'x',
      }),
    });
    const config = await loadMonitorProviderConfig({
      PROVIDER_KEYS_SECRET_ARN: 'arn:aws:secretsmanager:x',
    });
    expect(config.openai.apiKey).toBe('sk-test');
    expect(config.google.apiKey).toBe('g-key');
    expect(config.anthropic.apiKey).toBeFalsy();
    expect(secrets.commandCalls(GetSecretValueCommand)[0]?.args[0].input.SecretId).toBe(
      'arn:aws:secretsmanager:x',
    );
  });

  it('reads the environment alone when no secret is configured (local stack, tests)', async () => {
    const config = await loadMonitorProviderConfig({ ANTHROPIC_API_KEY: 'a-key' });
    expect(config.anthropic.apiKey).toBe('a-key');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
