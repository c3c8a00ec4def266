/**
 * Lambda entry for `PATCH /api/v1/account/members/{user_id}` (operation `change_member_role`): the API pipeline
 * (authentication, validation, error envelope) around `changeMemberRole`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { changeMemberRole } from '#shared/domain/accounts/team-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.change_member_role,
  changeMemberRole,
  getTeamDeps,
  getApiDeps,
);
