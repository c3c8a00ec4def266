/**
 * Lambda entry for `DELETE /api/v1/account/invitations/{id}` (operation `withdraw_invitation`): the API pipeline
 * (authentication, validation, error envelope) around `withdrawInvitation`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { withdrawInvitation } from '#shared/domain/accounts/invitations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.withdraw_invitation,
  withdrawInvitation,
  getTeamDeps,
  getApiDeps,
);
