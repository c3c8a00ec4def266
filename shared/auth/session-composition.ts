import { getMailPort } from '#shared/mail/composition';
import { getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createQuotaRepository } from '#shared/store/quota-repository';
import { createUsersRepository } from '#shared/store/users-repository';
import { getSessionStore } from './browser-gate-composition.ts';
import { sessionSettingsFrom } from './sessions.ts';
import type { SignInDeps } from './sign-in.ts';

/** Signing in and out: sessions, users, the link quotas and the mail port (built on first mail). */
export const getSessionSettings = lazy(() => sessionSettingsFrom(process.env));

export const getSignInDeps = lazy((): SignInDeps => {
  const { doc, tableName } = getStore();
  return {
    sessions: getSessionStore(),
    users: createUsersRepository(doc, tableName),
    quota: createQuotaRepository(doc, tableName),
    mail: { send: async (message) => getMailPort().send(message) },
    settings: getSessionSettings(),
  };
});
