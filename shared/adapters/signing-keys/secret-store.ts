/**
 * The key set in one Secrets Manager secret on AWS (SIGNING_KEYS_SECRET_ARN), as JSON. The
 * functions only read it; the operator's `rotate-signing-key` writes a new version. A secret that
 * holds no set yet (CDK creates it with a placeholder) reads as none.
 */
import {
  parseKeySet,
  type SigningKeySet,
  type SigningKeyStore,
} from '#shared/domain/scanner-identity/keys';

/** `capture` wraps the client before use (X-Ray tracing); the client itself by default. */
export function createSecretKeyStore(
  secretArn: string,
  region?: string,
  capture: <Client>(client: Client) => Client = (client) => client,
): SigningKeyStore {
  const client = async () => {
    const sdk = await import('@aws-sdk/client-secrets-manager');
    return { sdk, client: capture(new sdk.SecretsManagerClient(region ? { region } : {})) };
  };
  return {
    description: `Secrets Manager secret ${secretArn}`,
    async read() {
      const { sdk, client: sm } = await client();
      try {
        const { SecretString } = await sm.send(
          new sdk.GetSecretValueCommand({ SecretId: secretArn }),
        );
        return parseKeySet(JSON.parse(SecretString ?? '{}'));
      } finally {
        sm.destroy();
      }
    },
    async write(set: SigningKeySet) {
      const { sdk, client: sm } = await client();
      try {
        await sm.send(
          new sdk.PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(set) }),
        );
      } finally {
        sm.destroy();
      }
    },
  };
}
