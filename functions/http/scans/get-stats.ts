import { createApiHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { getRuntime } from '#shared/runtime';

export const handler = createApiHandler(
  routeById('get_stats'),
  async () => ({ stats: await getRuntime().scans.getStats() }),
  getRuntime,
);
