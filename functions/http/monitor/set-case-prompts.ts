/**
 * Lambda entry for `PUT /api/v1/cases/{id}/prompts` (operation `set_case_prompts`): the API
 * pipeline around `setCasePrompts`; its dependencies come from `getMonitorDeps`. Nothing else
 * belongs here (docs/architecture.md).
 */
import { setCasePrompts } from '#shared/domain/monitor/prompt-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.set_case_prompts,
  setCasePrompts,
  getMonitorDeps,
  getApiDeps,
);
