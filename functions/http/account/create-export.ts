/**
 * Lambda entry for `POST /api/v1/account/exports` (operation `create_export`): the API pipeline
 * (authentication, validation, error envelope) around `requestExport`; its dependencies come
 * from `getAccountJobDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { requestExport } from '#shared/domain/accounts/account-jobs';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.create_export,
  requestExport,
  getAccountJobDeps,
  getApiDeps,
);
