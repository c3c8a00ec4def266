/**
 * What every command works with: repositories over the chosen store, the configuration, and a
 * logger from WARN up (the domain code a command runs logs what goes wrong, on stderr), so stdout
 * holds the command's JSON alone.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalDynamoClient, ensureTable } from '#local/dynamo-local';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createBatchRepository } from '#shared/adapters/dynamodb/batch-repository';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createOutbox } from '#shared/adapters/mail/outbox';
import { createSesMailPort, roleCredentials } from '#shared/adapters/mail/ses';
import { createPowertoolsLogger } from '#shared/adapters/powertools/logger';
import type { MailPort } from '#shared/domain/accounts/mail-port';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import { ownerEmailOf } from '#shared/domain/billing/owner';
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
  /** A line for the operator on stderr (beside the one JSON object on stdout). */
  note(text: string): void;
}

/**
 * The operator's mail: the local outbox printed on stderr (as the stack prints its own), or SES
 * from MAIL_FROM when MAIL_TRANSPORT is ses.
 */
function operatorMail(config: Config, note: (text: string) => void): MailPort {
  if (config.mail.transport === 'ses' && config.mail.from) {
    return createSesMailPort({
      region: config.mail.region,
      from: config.mail.from,
      credentials: () => roleCredentials(config),
      clock: systemClock,
    });
  }
  const outbox = createOutbox();
  outbox.subscribe((entry) =>
    note(`[outbox] mail to ${entry.to}: ${entry.subject}\n${entry.text}`),
  );
  return outbox;
}

export async function createAdminContext(
  env: NodeJS.ProcessEnv,
  endpoint: string,
  note: (text: string) => void = () => undefined,
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
  const team = createTeamRepository(doc, config.TABLE_NAME);
  return {
    env,
    config,
    doc,
    users,
    operator: createOperatorService({
      users,
      members: team,
      adminEmails: config.ADMIN_EMAILS,
      clock: systemClock,
      mail: operatorMail(config, note),
      owners: { ownerEmail: (accountId) => ownerEmailOf(accountId, { team, users }) },
      billingPage: `${config.PUBLIC_BASE_URL ?? 'http://localhost:3000'}/dashboard/billing`,
    }),
    batches: createBatchRepository(doc, config.TABLE_NAME),
    limits: planLimitsFrom(env.PLAN_LIMITS),
    // stdout holds the command's one JSON object and nothing else: the logger's info and debug
    // lines would land there too (Powertools writes them to stdout, warnings and errors to
    // stderr), so the CLI logs from WARN up whatever LOG_LEVEL says (issue 36 point 8).
    logger: createPowertoolsLogger({
      level:
        config.LOG_LEVEL === 'DEBUG' || config.LOG_LEVEL === 'INFO' ? 'WARN' : config.LOG_LEVEL,
    }),
    clock: systemClock,
    note,
  };
}
