/**
 * Lambda entry for `POST /api/v1/scans` (operation `scan_domain`): the API pipeline
 * (authentication, validation, error envelope) around `scanDomain`; its dependencies come from
 * `getScanWriteDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { scanDomain } from '#shared/domain/scans/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getApiDeps } from '#shared/wiring/api';
import { getScanWriteDeps } from '#shared/wiring/scans';

export const handler = createApiHandler(
  SCAN_ROUTES.scan_domain,
  scanDomain,
  getScanWriteDeps,
  getApiDeps,
);
