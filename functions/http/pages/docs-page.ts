import { createRawHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { renderDocsPage } from '#shared/pages/docs-page';
import { getRuntime } from '#shared/runtime';

export const handler = createRawHandler(
  routeById('docs_page'),
  async ({ request }) => ({
    body: renderDocsPage(request.baseUrl),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
  getRuntime,
);
