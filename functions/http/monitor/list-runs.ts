import { createApiHandler } from '#shared/api/http-handler';
import { MONITOR_ROUTES } from '#shared/api/routes/monitor';
import { getMonitorDeps } from '#shared/monitor/composition';
import { listRuns } from '#shared/monitor/operations';

export const handler = createApiHandler(MONITOR_ROUTES.list_runs, listRuns, getMonitorDeps);
