/**
 * Lambda entry for `GET /api/v1/cases/{id}` (operation `get_case`): the API pipeline
 * (authentication, validation, error envelope) around `getCase`; its dependencies come from
 * `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { getCase } from '#shared/domain/monitor/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.get_case,
  getCase,
  getMonitorDeps,
  getApiDeps,
);
