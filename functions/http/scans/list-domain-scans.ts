/**
 * Lambda entry for `GET /api/v1/domains/{domain}/scans` (operation `list_domain_scans`): the API
 * pipeline (authentication, validation, error envelope) around `listDomainScans`; its
 * dependencies come from `getScanReadDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listDomainScans } from '#shared/domain/scans/history-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getApiDeps } from '#shared/wiring/api';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createApiHandler(
  SCAN_ROUTES.list_domain_scans,
  listDomainScans,
  getScanReadDeps,
  getApiDeps,
);
