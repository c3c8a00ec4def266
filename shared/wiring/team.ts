/**
 * The account's team in the store, built once per process: the session gate reads a session's
 * account and role from it on every request, and the account routes change it. Apart from the
 * session wiring, so the API's account routes bundle no session code.
 */
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { lazy } from '#shared/wiring/lazy';
import { getStore } from '#shared/wiring/platform';

export const getTeamStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createTeamRepository(doc, tableName);
});
