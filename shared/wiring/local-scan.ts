/**
 * The scan engine in the CLI's process (`agent-readiness scan --local`, client/README.md "The CI
 * gate"): the service's engine and guarded fetcher, with private addresses and any port allowed
 * (the site is on the developer's machine or a CI job's preview) and, with `offline`, loopback
 * destinations only, as the service's OFFLINE_DNS. Requests carry the scanner's User-Agent but no
 * signature (there is no key directory to name). The result has the API's scan shape; a local
 * scan has no result page, so its `url` is the address scanned. The published package carries
 * this module bundled (`npm run client:build`, client/dist/local-engine.js).
 */
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { systemLookup } from '#shared/adapters/http/system-lookup';
import { scannerUserAgent } from '#shared/adapters/http/user-agent';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import type { Check } from '#shared/domain/scan-engine/types';

/** A local scan in the shape of the API's `Scan`. */
export interface LocalScan {
  id: string;
  domain: string;
  score: number;
  scoring_version: number;
  created_at: string;
  url: string;
  checks: Check[];
}

export interface LocalScanOptions {
  /** The service whose docs describe the scanner (named in the User-Agent). */
  baseUrl: string;
  /** Loopback destinations only, whatever the spelling (the service's OFFLINE_DNS=1). */
  offline: boolean;
  deadlineMs?: number;
}

/** Scans `input` (a domain or URL) here, as the service would score it. */
export async function scanLocally(input: string, options: LocalScanOptions): Promise<LocalScan> {
  const fetcher = createSafeFetcher({
    allowPrivateTargets: true,
    ...(options.offline ? { loopbackOnly: true } : {}),
    lookup: options.offline ? offlineLookup() : systemLookup,
    userAgent: scannerUserAgent(options.baseUrl.replace(/\/+$/, '')),
  });
  try {
    const target = parseScanTarget(input, { allowPrivateTargets: true });
    const report = await runScan(target, {
      fetcher,
      ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
    });
    return {
      id: crypto.randomUUID(),
      domain: report.domain,
      score: report.score,
      scoring_version: report.scoring_version,
      created_at: new Date().toISOString(),
      url: report.fix_inputs.pages[0]?.url ?? target.startUrls[0] ?? input,
      checks: report.checks,
    };
  } finally {
    await fetcher.close();
  }
}
