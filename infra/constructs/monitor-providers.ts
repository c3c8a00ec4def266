/**
 * What the monitor's lanes need to reach the model providers on AWS: the secret holding the
 * providers' API keys, and the provider budget's table that paces every run's calls
 * (docs/monitor.md "One budget per provider account").
 */
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { BUDGET_TABLE_KEY } from '#shared/adapters/dynamodb/provider-budget';

/** The model providers' API keys: one JSON secret, filled by an operator (docs/deploy.md). */
export function providerKeysSecret(scope: Construct): Secret {
  const secret = new Secret(scope, 'ProviderKeys', {
    description:
      'Model provider API keys for monitor runs: a JSON object with OPENAI_API_KEY, ' +
      'ANTHROPIC_API_KEY, PERPLEXITY_API_KEY and GEMINI_API_KEY (a family without a key is excluded)',
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'unused' },
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The secret holds API keys issued by third parties (OpenAI, Anthropic, Perplexity, Google); ' +
      'they are rotated in those consoles and put here by an operator, so a rotation Lambda has ' +
      'nothing it could rotate.',
  });
  return secret;
}

/**
 * The provider budget: a few small items, one per provider family (and shard). Soft state: the
 * pace's pointer, the queue counts and the limits learned from the providers, all rebuilt by the
 * next runs if lost, so not retained with the stack (point-in-time recovery costs next to nothing
 * for a few kilobytes); on demand, so the first of the month needs no capacity planning
 * (docs/decisions.md "The fleet's budget").
 */
export function providerBudgetTable(scope: Construct): TableV2 {
  return new TableV2(scope, 'ProviderBudget', {
    partitionKey: { name: BUDGET_TABLE_KEY, type: AttributeType.STRING },
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    removalPolicy: RemovalPolicy.DESTROY,
  });
}
