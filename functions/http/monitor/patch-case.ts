/**
 * Lambda entry for `PATCH /api/v1/cases/{id}` (operation `patch_case`): the API pipeline
 * (authentication, validation, error envelope) around `patchCase`; its dependencies come from
 * `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { patchCase } from '#shared/domain/monitor/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.patch_case,
  patchCase,
  getMonitorDeps,
  getApiDeps,
);
