import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createUsersRepository } from '#shared/store/users-repository';
import type { KeyDeps } from './key-operations.ts';

/** The key routes' dependencies: the users repository and the admin list. */
export const getKeyDeps = lazy((): KeyDeps => {
  const { doc, tableName } = getStore();
  return { users: createUsersRepository(doc, tableName), adminEmails: getConfig().ADMIN_EMAILS };
});
