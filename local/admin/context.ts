/**
 * What every command works with: repositories over the chosen store, the configuration, and a
 * logger at its LOG_LEVEL (the domain code a command runs logs what goes wrong, on stdout as the
 * service does).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalDynamoClient, ensureTable } from '#local/dynamo-local';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createBatchRepository } from '#shared/adapters/dynamodb/batch-repository';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createPowertoolsLogger } from '#shared/adapters/powertools/logger';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import type { Clock } from '#shared/domain/kernel/clock';
import type { Logger } from '#shared/domain/kernel/logger';
import { planLimitsFrom } from '#shared/domain/kernel/plans';
import { type Config, loadConfig } from '#shared/wiring/config';

export interface AdminContext {
  env: NodeJS.ProcessEnv;
  config: Config;
  doc: DynamoDBDocumentClient;
  operator: ReturnType<typeof createOperatorService>;
  users: ReturnType<typeof createUsersRepository>;
  batches: ReturnType<typeof createBatchRepository>;
  limits: ReturnType<typeof planLimitsFrom>;
  logger: Logger;
  clock: Clock;
}

export async function createAdminContext(
  env: NodeJS.ProcessEnv,
  endpoint: string,
): Promise<AdminContext> {
  const config = loadConfig({ ...env, DYNAMODB_ENDPOINT: endpoint });
  const raw = createLocalDynamoClient(endpoint, { region: config.AWS_REGION });
  try {
    await ensureTable(raw, config.TABLE_NAME);
  } finally {
    raw.destroy();
  }
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint });
  const users = createUsersRepository(doc, config.TABLE_NAME);
  return {
    env,
    config,
    doc,
    users,
    operator: createOperatorService({
      users,
      members: createTeamRepository(doc, config.TABLE_NAME),
      adminEmails: config.ADMIN_EMAILS,
      clock: systemClock,
    }),
    batches: createBatchRepository(doc, config.TABLE_NAME),
    limits: planLimitsFrom(env.PLAN_LIMITS),
    logger: createPowertoolsLogger({ level: config.LOG_LEVEL }),
    clock: systemClock,
  };
}
