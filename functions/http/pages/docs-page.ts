import { createRawHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { getApiRuntime } from '#shared/api-runtime';
import { renderDocsPage } from '#shared/pages/docs-page';

export const handler = createRawHandler(
  routeById('docs_page'),
  async ({ request }) => ({
    body: renderDocsPage(request.baseUrl),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
  getApiRuntime,
);
