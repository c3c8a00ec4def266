/**
 * Lambda entry for `GET /api/v1/cases` (operation `list_cases`): the API pipeline (authentication,
 * validation, error envelope) around `listCases`; its dependencies come from `getMonitorDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { listCases } from '#shared/domain/monitor/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.list_cases,
  listCases,
  getMonitorDeps,
  getApiDeps,
);
