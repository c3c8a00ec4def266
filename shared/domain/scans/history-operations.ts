/**
 * The scan history's operations (additions, docs/decisions.md "Scan history"): `list_domains`,
 * the account's scanned domains with their trend, and `list_domain_scans`, one domain's scans
 * with the per-check change against the scan before. The API routes and the dashboard's history
 * page call these with a key or a session.
 */
import { NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { checkChanges } from './history.ts';
import {
  BAND_RANGES,
  type DomainParams,
  type ListDomainScansQuery,
  type ListDomainScansResponse,
  type ListDomainsQuery,
  type ListDomainsResponse,
} from './history-schemas.ts';
import type { HistoryScan } from './ports.ts';
import { badgeDomain, printable, type ScanReadDeps } from './reads.ts';

export async function listDomains(
  input: CallerInput<undefined, ListDomainsQuery>,
  deps: ScanReadDeps,
): Promise<ListDomainsResponse> {
  const { query } = input;
  const range = query.band ? { ...BAND_RANGES[query.band], pillar: query.pillar } : undefined;
  const page = await deps.scans.listDomains(input.principal.accountId, {
    limit: query.limit,
    cursor: query.cursor,
    q: query.q === '' ? undefined : query.q,
    range,
  });
  return {
    domains: page.domains.map((summary) => ({
      domain: summary.domain,
      latest_scan_id: summary.latest_scan_id,
      latest_scan_url: input.request.links.scanPage(summary.latest_scan_id),
      score: summary.score,
      previous_score: summary.previous_score,
      change: summary.previous_score === null ? null : summary.score - summary.previous_score,
      scan_count: summary.scan_count,
      first_scanned_at: summary.first_scanned_at,
      last_scanned_at: summary.last_scanned_at,
      pillars: summary.pillars,
      trend: summary.trend,
    })),
    next_cursor: page.cursor,
  };
}

export async function listDomainScans(
  input: CallerInput<DomainParams, ListDomainScansQuery>,
  deps: ScanReadDeps,
): Promise<ListDomainScansResponse> {
  const domain = badgeDomain(input.params.domain);
  const notFound = new NotFoundError(
    `This account has no scans of "${printable(input.params.domain, 64)}".`,
  );
  if (domain === undefined) throw notFound;
  const page = await deps.scans.listDomainScans(
    input.principal.accountId,
    domain,
    input.query.limit,
    input.query.cursor,
  );
  // Another account's domain reads exactly like one never scanned.
  if (page.scans.length === 0 && input.query.cursor === undefined) throw notFound;
  const scans = page.scans.map((scan, index) => {
    const previous: HistoryScan | undefined = page.scans[index + 1] ?? page.following;
    return {
      id: scan.id,
      domain: scan.domain,
      score: scan.score,
      scoring_version: scan.scoring_version,
      created_at: scan.created_at,
      url: input.request.links.scanPage(scan.id),
      previous_scan_id: previous?.id ?? null,
      change: previous ? scan.score - previous.score : null,
      diff: previous ? checkChanges(previous, scan) : [],
    };
  });
  return { domain, scans, next_cursor: page.cursor };
}
