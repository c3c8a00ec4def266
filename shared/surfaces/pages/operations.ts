/** Pages for people: HTML over the same operations and reads as the API. */
import { NotFoundError } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import { toPublicScan } from '#shared/domain/scans/operations';
import { readScan, type ScanReadDeps } from '#shared/domain/scans/reads';
import type { ScanIdParams } from '#shared/domain/scans/schemas';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import { docsPageNegotiated } from '#shared/surfaces/pages/discovery/operations';
import { renderScanNotFoundPage, renderScanPage } from './scan-page.ts';

const CACHEABLE = { 'cache-control': 'public, max-age=300' };

export async function scanPage(
  input: OperationInput<ScanIdParams>,
  deps: ScanReadDeps,
): Promise<RawResponse> {
  const scan = toPublicScan(await readScan(deps, input.params.id), input.request.links);
  const apiUrl = `${input.request.baseUrl}/api/v1/scans/${scan.id}`;
  return { body: renderScanPage(scan, apiUrl), headers: CACHEABLE };
}

/** A missing or mistyped share link answers a page a person can read, not JSON. */
export function scanPageError(error: unknown, rawId: string | undefined): RawResponse | undefined {
  if (!(error instanceof NotFoundError)) return undefined;
  return { status: 404, body: renderScanNotFoundPage(rawId ?? '') };
}

/** HTML, or markdown for `Accept: text/markdown` (with `Vary: Accept`). */
export const docsPage = docsPageNegotiated;
