/** `DELETE /api/v1/cases/{id}/runs/{run_id}/answers`: a case owner deletes a run's stored answers. */
import { deleteRunAnswers } from '#shared/domain/monitor/run-reads';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getRunReadDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(
  MONITOR_ROUTES.delete_run_answers,
  deleteRunAnswers,
  getRunReadDeps,
  getApiDeps,
);
