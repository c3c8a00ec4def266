/**
 * The dashboard's scan page over `get_scan`, `get_scan_fixes` and, after "Check my fixes", the
 * comparison `verify_scan` made (issue 38, point 5). Apart from the scan forms (scans.ts) so that
 * the scanning function does not bundle the fix pack's generators.
 */
import type { z } from 'zod';
import { NotFoundError } from '#shared/domain/kernel/errors';
import { getScanFixes } from '#shared/domain/scans/fix-operations';
import { getScan, type ScanReadDeps } from '#shared/domain/scans/operations';
import { readableScan } from '#shared/domain/scans/reads';
import type { ScanIdParams } from '#shared/domain/scans/schemas';
import { compareScans } from '#shared/domain/scans/verify-operations';
import { scanResultPage } from '#shared/surfaces/dashboard/views/scan-result-page';
import type { VerifiedQuerySchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import { htmlPage, type PageResponse, type SessionInput, viewerOf } from './responses.ts';

/** The fix pack of a scan this account may act on; none for another account's scan. */
async function fixesOf(input: SessionInput<ScanIdParams>, deps: ScanReadDeps) {
  try {
    return (await getScanFixes(input, deps)).fixes;
  } catch (error) {
    if (error instanceof NotFoundError) return [];
    throw error;
  }
}

/** What "Check my fixes" found: the scan it verified against this one. */
async function verificationOf(
  input: SessionInput<ScanIdParams, z.output<typeof VerifiedQuerySchema>>,
  deps: ScanReadDeps,
) {
  const verified = input.query.verified;
  if (verified === undefined) return undefined;
  const [before, after] = await Promise.all([
    readableScan(input.principal, verified, deps),
    readableScan(input.principal, input.params.id, deps),
  ]);
  return { ...compareScans(before, after, undefined), verifiedScanId: before.id };
}

export async function scanResult(
  input: SessionInput<ScanIdParams, z.output<typeof VerifiedQuerySchema>>,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const scanInput = { ...input, query: undefined };
  const [{ scan }, fixes, verification] = await Promise.all([
    getScan(scanInput, deps),
    fixesOf(scanInput, deps),
    verificationOf(input, deps),
  ]);
  return htmlPage(
    scanResultPage(viewerOf(input.principal), scan, {
      fixes,
      verifyAction: DASHBOARD_PATHS.verifyScan(scan.id),
      ...(verification ? { verification } : {}),
    }),
  );
}
