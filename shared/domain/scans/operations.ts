/**
 * The scan area's operations, one per operation id of docs/api.md (`scan_domain`, `get_scan`,
 * `get_stats`). HTTP handlers, MCP tools, workflow steps and the dashboard call these.
 */
import type { CallerInput, Links, OperationInput } from '#shared/domain/kernel/operation';
import type { StoredScan } from './ports.ts';
import { readScan, readStats, type ScanReadDeps } from './reads.ts';
import type {
  CreateScanBody,
  ListScansQuery,
  ListScansResponse,
  Scan,
  ScanIdParams,
  Stats,
} from './schemas.ts';
import type { ScanService } from './service.ts';

export type { ScanReadDeps } from './reads.ts';

export interface ScanWriteDeps {
  scanner: ScanService;
}

/** The public form of a stored scan: the fields of docs/api.md's `get_scan` plus the result page address. */
export function toPublicScan(stored: StoredScan, links: Links): Scan {
  return {
    id: stored.id,
    domain: stored.domain,
    score: stored.score,
    scoring_version: stored.scoring_version,
    created_at: stored.created_at,
    url: links.scanPage(stored.id),
    checks: stored.checks,
    ...(stored.environment ? { environment: stored.environment } : {}),
    ...(stored.peers ? { peers: stored.peers } : {}),
  };
}

export async function scanDomain(
  input: OperationInput<undefined, undefined, CreateScanBody>,
  deps: ScanWriteDeps,
  /** An anonymous scan of the home page's box: its browser's mark (browser-scans.ts). */
  options: { claimHash?: string } = {},
): Promise<{ scan: Scan }> {
  const stored = await deps.scanner.scan({
    domain: input.body.domain,
    // A key's or a session's scan is the account's; an anonymous one belongs to nobody.
    ownerId: input.principal.kind === 'anonymous' ? undefined : input.principal.accountId,
    sourceIp: input.request.sourceIp,
    reportLimit: input.request.reportLimit,
    ...(options.claimHash ? { claimHash: options.claimHash } : {}),
  });
  return { scan: toPublicScan(stored, input.request.links) };
}

export async function getScan(
  input: OperationInput<ScanIdParams>,
  deps: ScanReadDeps,
): Promise<{ scan: Scan }> {
  return { scan: toPublicScan(await readScan(deps, input.params.id), input.request.links) };
}

export async function getStats(
  _input: OperationInput<unknown, unknown, unknown>,
  deps: ScanReadDeps,
): Promise<{ stats: Stats }> {
  return { stats: await readStats(deps) };
}

/** The account's own scans, newest first (an addition: the dashboard's history over the API). */
export async function listScans(
  input: CallerInput<undefined, ListScansQuery>,
  deps: ScanReadDeps,
): Promise<ListScansResponse> {
  const page = await deps.scans.listByOwner(
    input.principal.accountId,
    input.query.limit,
    input.query.cursor,
  );
  return {
    scans: page.scans.map((scan) => ({
      id: scan.id,
      domain: scan.domain,
      score: scan.score,
      scoring_version: scan.scoring_version,
      created_at: scan.created_at,
      url: input.request.links.scanPage(scan.id),
    })),
    next_cursor: page.cursor,
  };
}
