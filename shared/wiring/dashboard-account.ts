/**
 * The dashboard's account pages: the team operations and invitations of the account routes, and
 * the sessions (the switcher). Apart from `account.ts`, so the API's account routes bundle no
 * session code.
 */
import type { AccountPagesDeps } from '#shared/surfaces/dashboard/account';
import { getInvitationDeps } from '#shared/wiring/account';
import { getSessionStore } from '#shared/wiring/dashboard-session-gate';
import { lazy } from '#shared/wiring/lazy';

export const getAccountPagesDeps = lazy(
  (): AccountPagesDeps => ({ ...getInvitationDeps(), sessions: getSessionStore() }),
);
