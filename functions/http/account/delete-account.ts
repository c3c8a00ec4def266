/**
 * Lambda entry for `DELETE /api/v1/account` (operation `delete_account`): the API pipeline
 * (authentication, validation, error envelope) around `requestErasure`; its dependencies come
 * from `getAccountJobDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { requestErasure } from '#shared/domain/accounts/account-jobs';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.delete_account,
  requestErasure,
  getAccountJobDeps,
  getApiDeps,
);
