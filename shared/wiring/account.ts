/**
 * The account routes' dependencies (members, invitations, the audit log): the team store, the
 * users repository, the audit log and, for invitations, the mail port.
 */
import { createAuditLogRepository } from '#shared/adapters/dynamodb/audit-log-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { InvitationDeps } from '#shared/domain/accounts/invitations';
import type { TeamDeps } from '#shared/domain/accounts/team-operations';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMailPort } from '#shared/wiring/mail';
import { getClock, getStore } from '#shared/wiring/platform';
import { getTeamStore } from '#shared/wiring/team';

export const getTeamDeps = lazy((): TeamDeps => {
  const { doc, tableName } = getStore();
  return {
    team: getTeamStore(),
    users: createUsersRepository(doc, tableName),
    audit: createAuditLogRepository(doc, tableName, getClock()),
    clock: getClock(),
  };
});

export const getInvitationDeps = lazy(
  (): InvitationDeps => ({
    ...getTeamDeps(),
    // The mail port is built on the first mail, not when an invitation route starts.
    mail: { send: async (message) => getMailPort().send(message) },
    logger: getLogger(),
  }),
);
