/** `GET /api/v1/cases/{id}/runs/{run_id}`: one run and, once finished, its summary. */
import { getRun } from '#shared/domain/monitor/run-reads';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { MONITOR_ROUTES } from '#shared/surfaces/api/routes/monitor';
import { getApiDeps } from '#shared/wiring/api';
import { getRunReadDeps } from '#shared/wiring/monitor';

export const handler = createApiHandler(MONITOR_ROUTES.get_run, getRun, getRunReadDeps, getApiDeps);
