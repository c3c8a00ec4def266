/** The key routes' dependencies: the users repository, the keys' last use and the admin list. */
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { lazy } from '#shared/wiring/lazy';
import { getConfig, getStore } from '#shared/wiring/platform';
import type { KeyDeps } from '../domain/accounts/key-operations.ts';

export const getKeyDeps = lazy((): KeyDeps => {
  const { doc, tableName } = getStore();
  return {
    users: createUsersRepository(doc, tableName),
    usage: createKeyUsageRepository(doc, tableName),
    adminEmails: getConfig().ADMIN_EMAILS,
  };
});
