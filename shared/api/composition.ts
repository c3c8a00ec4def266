import { createCachedKeyLookup } from '#shared/auth/key-cache';
import type { KeyLookup } from '#shared/auth/ports';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createUsersRepository } from '#shared/store/users-repository';

/** What the request pipeline itself needs: key verification and how to build links. */
export interface ApiDeps {
  keys: KeyLookup;
  adminEmails: readonly string[];
  publicBaseUrl: string | undefined;
}

export const getApiDeps = lazy((): ApiDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  return {
    keys: createCachedKeyLookup(createUsersRepository(doc, tableName), config.KEY_CACHE_TTL_MS),
    adminEmails: config.ADMIN_EMAILS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  };
});
