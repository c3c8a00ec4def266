/** Signing in and out: sessions, users, the link quotas and the mail port (built on first mail). */
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createScanClaims } from '#shared/adapters/dynamodb/scan-claims';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { SignInDeps } from '#shared/domain/accounts/sign-in';
import type { CreateSessionDeps } from '#shared/surfaces/dashboard/sign-in-pages';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMailPort } from '#shared/wiring/mail';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getSessionStore } from './dashboard-session-gate.ts';

export const getSignInDeps = lazy((): SignInDeps => {
  const { doc, tableName } = getStore();
  return {
    sessions: getSessionStore(),
    users: createUsersRepository(doc, tableName),
    quota: createQuotaRepository(doc, tableName),
    mail: { send: async (message) => getMailPort().send(message) },
    settings: getConfig().sessions,
    logger: getLogger(),
    clock: getClock(),
  };
});

/** Starting a session: signing in, and taking the browser's scans from before sign-up. */
export const getCreateSessionDeps = lazy((): CreateSessionDeps => {
  const { doc, tableName } = getStore();
  return { ...getSignInDeps(), claims: createScanClaims(doc, tableName) };
});
