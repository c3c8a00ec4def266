import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import type { Scope } from '#shared/domain/accounts/scopes';
import { getClock, getStore } from '#shared/wiring/platform';

/** A Pro user and a key with these scopes in the running local stack's store. */
export async function createBenchKey(scopes: Scope[]): Promise<string> {
  const { doc, tableName } = getStore();
  const operator = createOperatorService({
    users: createUsersRepository(doc, tableName),
    members: createTeamRepository(doc, tableName),
    adminEmails: [],
    clock: getClock(),
  });
  await operator.createUser({ email: 'bench@example.com', plan: 'pro' });
  const { key } = await operator.createKey({ email: 'bench@example.com', scopes, plugin: false });
  return key;
}
