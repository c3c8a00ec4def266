/**
 * Lambda entry for `POST /api/v1/account/invitations` (operation `create_invitation`): the API pipeline
 * (authentication, validation, error envelope) around `createInvitation`; its dependencies come from
 * `getInvitationDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createInvitation } from '#shared/domain/accounts/invitations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getInvitationDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.create_invitation,
  createInvitation,
  getInvitationDeps,
  getApiDeps,
);
