/**
 * Lambda entry for `GET /api/v1/finding-types` (operation `list_finding_types`): the API pipeline
 * around `listFindingTypes`; the registry is static, so it needs no dependencies. Nothing else
 * belongs here (docs/architecture.md).
 */
import { listFindingTypes } from '#shared/domain/scans/finding-type-operations';
import { createApiHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  SCAN_ROUTES.list_finding_types,
  listFindingTypes,
  noDeps,
  getApiDeps,
);
