/** Pages for people: HTML (and the score badge) over the same operations and reads as the API. */
import { createHash } from 'node:crypto';
import { BadRequestError, NotFoundError } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { AnonymousAllowance } from '#shared/domain/scans/anonymous-quota';
import { toPublicScan } from '#shared/domain/scans/operations';
import { readLatestScanOf, readScan, type ScanReadDeps } from '#shared/domain/scans/reads';
import type { BadgeParams, ScanIdParams } from '#shared/domain/scans/schemas';
import type { Html } from '#shared/surfaces/http/html';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import { notScannedBadgeSvg, scoreBadgeSvg } from './badge.ts';
import { publicPageHeaders } from './page-headers.ts';
import { PUBLIC_PAGE_CSS } from './public-layout.ts';
import { renderScanNotFoundPage, renderScanPage } from './scan-page.ts';

/** What the result page reads: the scan, and the visitor's free scans of today. */
export interface ScanPageDeps extends ScanReadDeps {
  anonymousAllowance(sourceIp: string): Promise<AnonymousAllowance | undefined>;
}

/** The result page and its 404: their security headers (page-headers.ts). */
const PAGE_HEADERS = () => publicPageHeaders([PUBLIC_PAGE_CSS]);

/**
 * The shareable result page. It says how many free scans the visitor has left, so it is the
 * visitor's own: `private, no-cache` (a shared cache would show one visitor's count to another).
 */
export async function scanPage(
  input: OperationInput<ScanIdParams>,
  deps: ScanPageDeps,
): Promise<RawResponse> {
  const scan = toPublicScan(await readScan(deps, input.params.id), input.request.links);
  const apiUrl = `${input.request.baseUrl}/api/v1/scans/${scan.id}`;
  const allowance = await deps.anonymousAllowance(input.request.sourceIp);
  return {
    body: renderScanPage(scan, apiUrl, allowance).toString(),
    headers: { 'cache-control': 'private, no-cache', ...PAGE_HEADERS() },
  };
}

/** A missing or mistyped share link answers a page a person can read, not JSON. */
export function scanPageError(error: unknown, rawId: string | undefined): RawResponse | undefined {
  if (!(error instanceof NotFoundError)) return undefined;
  return {
    status: 404,
    body: renderScanNotFoundPage(rawId ?? '').toString(),
    headers: PAGE_HEADERS(),
  };
}

/**
 * The badge of a domain's latest scan, at `/badge/<domain>.svg`. Shared caches may keep it for
 * five minutes (a rescan shows within that), and the ETag lets them revalidate cheaply. A
 * domain without a scan answers 404 with the grey badge, cached for a minute only, so a first
 * scan shows soon after.
 */
export async function scanBadge(
  input: OperationInput<BadgeParams>,
  deps: ScanReadDeps,
): Promise<RawResponse> {
  const name = input.params.domain.replace(/\.svg$/i, '');
  const scan = await readLatestScanOf(deps, name);
  if (!scan) return notScannedBadge();
  return svgResponse(200, scoreBadgeSvg(scan.domain, scan.score), 'public, max-age=300');
}

export function notScannedBadge(): RawResponse {
  return svgResponse(404, notScannedBadgeSvg(), 'public, max-age=60');
}

/** A name that fails the params schema (too long, say) is "not scanned" too, never JSON. */
export function scanBadgeError(error: unknown): RawResponse | undefined {
  return error instanceof BadRequestError || error instanceof NotFoundError
    ? notScannedBadge()
    : undefined;
}

function svgResponse(status: number, svg: Html, cacheControl: string): RawResponse {
  const body = svg.toString();
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return {
    status,
    body,
    headers: {
      'cache-control': cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  };
}
