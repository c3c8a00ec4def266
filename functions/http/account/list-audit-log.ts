/**
 * Lambda entry for `GET /api/v1/account/audit-log` (operation `list_audit_log`): the API pipeline
 * (authentication, validation, error envelope) around `listAuditLog`; its dependencies come from
 * `getTeamDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listAuditLog } from '#shared/domain/accounts/team-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ACCOUNT_ROUTES } from '#shared/surfaces/api/routes/account';
import { getTeamDeps } from '#shared/wiring/account';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ACCOUNT_ROUTES.list_audit_log,
  listAuditLog,
  getTeamDeps,
  getApiDeps,
);
