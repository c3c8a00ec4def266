import { createApiHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { getRuntime } from '#shared/runtime';

export const handler = createApiHandler(
  routeById('get_scan'),
  async ({ params, request }) => ({
    scan: await getRuntime().scans.getScan(params.id, request.baseUrl),
  }),
  getRuntime,
);
