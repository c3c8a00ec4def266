import { createRawHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { buildOpenApiDocument } from '#shared/api/openapi';
import { getApiRuntime } from '#shared/api-runtime';

export const handler = createRawHandler(
  routeById('get_openapi'),
  async ({ request }) => ({
    body: JSON.stringify(buildOpenApiDocument(request.baseUrl)),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
  getApiRuntime,
);
