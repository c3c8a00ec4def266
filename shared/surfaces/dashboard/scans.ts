/** The scan pages over `scan_domain`, `get_scan` and `list_scans` (the account's recent scans). */
import type { z } from 'zod';
import {
  getScan,
  listScans,
  type ScanReadDeps,
  type ScanWriteDeps,
  scanDomain,
} from '#shared/domain/scans/operations';
import { CreateScanBodySchema, type ScanIdParams } from '#shared/domain/scans/schemas';
import { scanResultPage, scansPage } from '#shared/surfaces/dashboard/views/scans-page';
import type { ScanFormSchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

const HISTORY_LENGTH = 25;

async function recentScans(input: SessionInput<unknown, unknown, unknown>, deps: ScanReadDeps) {
  const { scans } = await listScans(
    { ...input, params: undefined, body: undefined, query: { limit: HISTORY_LENGTH } },
    deps,
  );
  return scans;
}

export async function scansOverview(
  input: SessionInput,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const history = await recentScans(input, deps);
  return htmlPage(scansPage({ viewer: viewerOf(input.principal), history }));
}

/** Runs the scan as the API would for this account, then shows its result (303). */
export async function runScan(
  input: SessionInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: ScanWriteDeps & ScanReadDeps,
): Promise<PageResponse> {
  const scanned = await attempt(() =>
    scanDomain(
      {
        ...input,
        body: parseWith(CreateScanBodySchema, { domain: input.body.domain }, 'invalid_domain'),
      },
      deps,
    ),
  );
  if (scanned.ok) return redirect(DASHBOARD_PATHS.scan(scanned.value.scan.id));
  const history = await recentScans(input, deps);
  return htmlPage(
    scansPage({
      viewer: viewerOf(input.principal),
      history,
      domain: input.body.domain,
      error: scanned.error,
    }),
    scanned.status,
  );
}

export async function scanResult(
  input: SessionInput<ScanIdParams>,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const { scan } = await getScan(input, deps);
  return htmlPage(scanResultPage(viewerOf(input.principal), scan));
}
