/**
 * Lambda entry for `POST /api/v1/cases` (operation `create_case`): the API pipeline
 * (authentication, validation, error envelope) around `createCase`; its dependencies come from
 * `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createCase } from '#shared/domain/monitor/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.create_case,
  createCase,
  getMonitorDeps,
  getApiDeps,
);
