/**
 * Lambda entry for `GET /api/v1/account/exports/{id}` (operation `get_export`): the API pipeline
 * (authentication, validation, error envelope) around `getExport`, which answers the export's
 * status or, with `format=jsonl`, its lines; its dependencies come from `getAccountJobDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { getExport } from '#shared/domain/accounts/account-jobs';
import { createExportingHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createExportingHandler(
  ACCOUNT_ROUTES.get_export,
  getExport,
  getAccountJobDeps,
  getApiDeps,
);
