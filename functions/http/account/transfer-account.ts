/**
 * Lambda entry for `POST /api/v1/account/transfer` (operation `transfer_account`): the API pipeline
 * (authentication, validation, error envelope) around `transferOwnership`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { transferOwnership } from '#shared/domain/accounts/team-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.transfer_account,
  transferOwnership,
  getTeamDeps,
  getApiDeps,
);
