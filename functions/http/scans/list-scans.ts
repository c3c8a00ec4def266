/**
 * Lambda entry for `GET /api/v1/scans` (operation `list_scans`): the API pipeline (authentication,
 * validation, error envelope) around `listScans`; its dependencies come from `getScanReadDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { listScans } from '#shared/domain/scans/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getApiDeps } from '#shared/wiring/api';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createApiHandler(
  SCAN_ROUTES.list_scans,
  listScans,
  getScanReadDeps,
  getApiDeps,
);
