/** `GET /api/v1/cases/{id}/fixes`: the fixes of the brand's site and whether they paid off. */
import { listFixes } from '#shared/domain/monitor/fixes';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getFixesDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.list_fixes,
  listFixes,
  getFixesDeps,
  getApiDeps,
);
