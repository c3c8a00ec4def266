/**
 * Lambda entry for `GET /api/v1/account` (operation `get_account`): the API pipeline
 * (authentication, validation, error envelope) around `getAccount`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { getAccount } from '#shared/domain/accounts/team-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.get_account,
  getAccount,
  getTeamDeps,
  getApiDeps,
);
