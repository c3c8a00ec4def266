/**
 * Lambda entry for `DELETE /api/v1/account/members/{user_id}` (operation `remove_member`): the API pipeline
 * (authentication, validation, error envelope) around `removeMember`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { removeMember } from '#shared/domain/accounts/team-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.remove_member,
  removeMember,
  getTeamDeps,
  getApiDeps,
);
