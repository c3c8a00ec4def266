/**
 * Stripe's keys on AWS (docs/deploy.md "Billing"): one JSON secret an operator fills, read only by
 * the functions that call Stripe. Apart from the workflow stack's body to keep it a readable size.
 */
import { Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/** The secret of STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (empty until an operator fills it). */
export function billingKeysSecret(scope: Construct): Secret {
  const secret = new Secret(scope, 'BillingKeys', {
    description:
      "Stripe's keys for plans paid by customers: a JSON object with STRIPE_SECRET_KEY and " +
      'STRIPE_WEBHOOK_SECRET (without them, checkout and the webhook answer 503)',
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'unused' },
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      "The secret holds keys Stripe issues; they are rolled in Stripe's dashboard and put here " +
      'by an operator, so a rotation Lambda has nothing it could rotate.',
  });
  return secret;
}
