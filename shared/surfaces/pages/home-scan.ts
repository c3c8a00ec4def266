/**
 * The home page's scan box (docs/dashboard.md "A way in"), served by the dashboard's form
 * pipeline (route `dashboard_home_scan`): an anonymous `scan_domain` within the
 * daily limit of anonymous scans, then the scan's public result page (303). A refused domain, a
 * reached limit or a failed scan answers the scan box again with the domain kept and the message
 * at the field, in the status the API gives.
 */
import type { z } from 'zod';
import type { OperationInput } from '#shared/domain/kernel/operation';
import { type ScanWriteDeps, scanDomain } from '#shared/domain/scans/operations';
import { CreateScanBodySchema } from '#shared/domain/scans/schemas';
import type { ScanFormSchema } from '#shared/surfaces/dashboard/forms';
import { attempt, type PageResponse, parseWith } from '#shared/surfaces/dashboard/responses';
import { renderScanBoxPage } from './scan-box.ts';

/** The home page is public: no dashboard CSP (its own inline style), never cached when refused. */
const REFUSED_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export async function scanFromHomePage(
  input: OperationInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: ScanWriteDeps,
): Promise<PageResponse> {
  const domain = input.body.domain.trim();
  const scanned = await attempt(
    () =>
      scanDomain(
        { ...input, body: parseWith(CreateScanBodySchema, { domain }, 'invalid_domain') },
        deps,
      ),
    { invalid_domain: 'domain', rate_limited: 'domain', scan_failed: 'domain' },
  );
  if (scanned.ok) {
    return {
      body: '',
      status: 303,
      headers: { location: `/scans/${scanned.value.scan.id}`, 'cache-control': 'no-store' },
    };
  }
  // A visitor has no key: the way on from the daily limit is an account, not an API key.
  const error =
    scanned.status === 429
      ? 'This address has used its free scans for today. Create a free account (link below) to scan more and keep your history, or scan again after 00:00 UTC.'
      : scanned.error.message;
  return {
    body: renderScanBoxPage({ domain, error }),
    status: scanned.status,
    headers: REFUSED_HEADERS,
  };
}
