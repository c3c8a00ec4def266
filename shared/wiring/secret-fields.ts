/**
 * Reads named fields of one Secrets Manager secret holding a JSON object (such as
 * `{"OPENAI_API_KEY": "..."}`): the model providers' keys, Stripe's keys. Only non-empty string
 * values of the names asked for are taken; anything else in the secret is ignored.
 */
import { traced } from './observability.ts';

export async function readSecretFields(
  secretArn: string,
  names: readonly string[],
): Promise<Record<string, string>> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import(
    '@aws-sdk/client-secrets-manager'
  );
  const client = traced(new SecretsManagerClient({}));
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    const values = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const name of names) {
      const value = values[name];
      if (typeof value === 'string' && value.trim() !== '') fields[name] = value.trim();
    }
    return fields;
  } finally {
    client.destroy();
  }
}
