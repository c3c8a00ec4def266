/**
 * The scanner's Web Bot Auth signing keys on AWS (docs/deploy.md): one secret the operator's
 * `rotate-signing-key` command writes. Apart from the workflow stack's body to keep it a readable
 * size, like the billing keys.
 */
import { Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * Created with a placeholder (no key set yet): the operator makes the first key with
 * `rotate-signing-key` (docs/deploy.md); until then scans go out unsigned.
 */
export function signingKeysSecret(scope: Construct): Secret {
  const secret = new Secret(scope, 'ScannerSigningKeys', {
    description:
      "The scanner's Web Bot Auth signing keys (Ed25519 JWKs with their overlap windows), " +
      'written by `npm run --silent admin -- rotate-signing-key`',
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'unused' },
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotation needs an overlap in which the old public key stays published in the key ' +
      'directory; the operator command rotate-signing-key writes both, which a plain ' +
      'Secrets Manager rotation Lambda would not (docs/decisions.md, issue 28).',
  });
  return secret;
}
