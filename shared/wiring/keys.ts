/** The key routes' dependencies: the users repository, the keys' last use and the admin list. */
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { KeyDeps } from '#shared/domain/accounts/key-operations';
import { lazy } from '#shared/wiring/lazy';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';

export const getKeyDeps = lazy((): KeyDeps => {
  const { doc, tableName } = getStore();
  return {
    users: createUsersRepository(doc, tableName),
    usage: createKeyUsageRepository(doc, tableName),
    adminEmails: getConfig().ADMIN_EMAILS,
    clock: getClock(),
  };
});
