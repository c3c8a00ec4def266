import { createApiHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { getRuntime } from '#shared/runtime';

export const handler = createApiHandler(
  routeById('scan_domain'),
  async ({ body, principal, request }) => ({
    scan: await getRuntime().scans.scanDomain(body.domain, { principal, ...request }),
  }),
  getRuntime,
);
