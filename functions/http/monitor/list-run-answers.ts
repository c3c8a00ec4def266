/** `GET /api/v1/cases/{id}/runs/{run_id}/answers`: a run's answers as JSON pages, CSV or JSON Lines. */
import { listRunAnswers } from '#shared/domain/monitor/run-reads';
import { createExportingHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getRunReadDeps } from '#shared/wiring/monitor';

export const handler = createExportingHandler(
  MONITOR_ROUTES.list_run_answers,
  listRunAnswers,
  getRunReadDeps,
  getApiDeps,
);
