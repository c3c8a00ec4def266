import type { z } from 'zod';
import type { OperationInput } from '#shared/operation';
import { scanResultPage, scansPage } from '#shared/pages/dashboard/scans-page';
import {
  getScan,
  type ScanReadDeps,
  type ScanWriteDeps,
  scanDomain,
} from '#shared/scans/operations';
import { CreateScanBodySchema, type ScanIdParams } from '#shared/scans/schemas';
import type { ScanHistory } from '#shared/store/scan-history-repository';
import type { ScanFormSchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  type PageResponse,
  parseWith,
  redirect,
  viewerOf,
} from './responses.ts';

/** The scan pages over `scan_domain` and `get_scan`, and the account's recent scans. */
export interface ScanHistoryDeps {
  history: ScanHistory;
}

const HISTORY_LENGTH = 25;

function accountOf(input: OperationInput<unknown, unknown, unknown>): string {
  if (input.principal.kind !== 'key') throw new Error('session routes carry a session');
  return input.principal.userId;
}

export async function scansOverview(
  input: OperationInput,
  deps: ScanHistoryDeps,
): Promise<PageResponse> {
  const history = await deps.history.recentScans(accountOf(input), HISTORY_LENGTH);
  return htmlPage(scansPage({ viewer: viewerOf(input.principal), history }));
}

/** Runs the scan as the API would for this account, then shows its result (303). */
export async function runScan(
  input: OperationInput<undefined, undefined, z.output<typeof ScanFormSchema>>,
  deps: ScanWriteDeps & ScanHistoryDeps,
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
  const history = await deps.history.recentScans(accountOf(input), HISTORY_LENGTH);
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
  input: OperationInput<ScanIdParams>,
  deps: ScanReadDeps,
): Promise<PageResponse> {
  const { scan } = await getScan(input, deps);
  return htmlPage(scanResultPage(viewerOf(input.principal), scan));
}
