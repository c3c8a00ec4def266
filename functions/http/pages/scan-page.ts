import { createRawHandler } from '#shared/api/http-handler';
import { routeById } from '#shared/api/manifest';
import { NotFoundError } from '#shared/errors';
import { renderScanNotFoundPage, renderScanPage } from '#shared/pages/scan-page';
import { getRuntime } from '#shared/runtime';

export const handler = createRawHandler(
  routeById('scan_page'),
  async ({ params, request }) => {
    try {
      const scan = await getRuntime().scans.getScan(params.id, request.baseUrl);
      return {
        body: renderScanPage(
          scan,
          `${request.baseUrl}${routeById('get_scan').path.replace('{id}', scan.id)}`,
        ),
        headers: { 'cache-control': 'public, max-age=300' },
      };
    } catch (error) {
      // People open this page in a browser: answer a missing scan with a page, not JSON.
      if (error instanceof NotFoundError)
        return { status: 404, body: renderScanNotFoundPage(params.id) };
      throw error;
    }
  },
  getRuntime,
);
