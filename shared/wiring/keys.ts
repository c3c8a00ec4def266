/** The key routes' dependencies: the users repository and the admin list. */
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { lazy } from '#shared/wiring/lazy';
import { getConfig, getStore } from '#shared/wiring/platform';
import type { KeyDeps } from '../domain/accounts/key-operations.ts';

export const getKeyDeps = lazy((): KeyDeps => {
  const { doc, tableName } = getStore();
  return { users: createUsersRepository(doc, tableName), adminEmails: getConfig().ADMIN_EMAILS };
});
