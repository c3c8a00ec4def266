/**
 * The scans of a case's brand site, wherever they were made (docs/monitor.md "Did the fix pay
 * off?"): the case owner's scan history of the brand's domain (scans made with the owner's key,
 * with or without `www.` or a port),
 * the newest scan of that domain by anyone, and the scans the runs themselves made of the brand's
 * site (`readiness_gaps.brand`, which may name the site with its port on a loopback test site).
 * Read through the scans area's store; compared by engine/site-checks.ts.
 */
import type { ScanStore } from '#shared/domain/scans/ports';
import type { RunSummary } from './engine/index.ts';
import { type ScanPoint, scanTimeline } from './engine/site-checks.ts';

/** The reads of the scans store the monitor makes. */
export type BrandScanReader = Pick<
  ScanStore,
  'listDomains' | 'listDomainScans' | 'getScan' | 'latestByDomain'
>;

/** Scans of one domain read from the owner's history (one page, newest first). */
const HISTORY_PAGE = 100;

type WithReadiness = Pick<RunSummary, 'readiness_gaps'>;

export async function brandTimeline(
  scans: BrandScanReader,
  ownerId: string,
  caseDomain: string,
  summaries: readonly WithReadiness[],
): Promise<ScanPoint[]> {
  const brands = summaries.flatMap((s) => (s.readiness_gaps ? [s.readiness_gaps.brand] : []));
  // The owner may have scanned the site with a port (a test site) or with `www.`.
  const scanned = await scans.listDomains(ownerId, { limit: HISTORY_PAGE, q: caseDomain });
  const sameHost = scanned.domains
    .map((entry) => entry.domain)
    .filter((domain) => domain.replace(/^www\./, '').replace(/:\d+$/, '') === caseDomain);
  const domains = [
    ...new Set([caseDomain, ...sameHost, ...brands.map((b) => b.domain)].filter(Boolean)),
  ];
  const [histories, latest] = await Promise.all([
    Promise.all(domains.map((domain) => scans.listDomainScans(ownerId, domain, HISTORY_PAGE))),
    Promise.all(domains.map((domain) => scans.latestByDomain(domain))),
  ]);
  const points: ScanPoint[] = [
    ...histories.flatMap((page) => page.scans.map(pointOf)),
    ...latest.flatMap((scan) => (scan ? [pointOf(scan)] : [])),
  ];
  const known = new Set(points.map((point) => point.id));
  const missing = [
    ...new Set(brands.flatMap((b) => (b.scan_id && !known.has(b.scan_id) ? [b.scan_id] : []))),
  ];
  const read = await Promise.all(missing.map((id) => scans.getScan(id)));
  for (const scan of read) if (scan) points.push(pointOf(scan));
  return scanTimeline(points);
}

function pointOf(scan: {
  id: string;
  domain: string;
  created_at: string;
  checks: readonly { id: string; score: number; max: number }[];
}): ScanPoint {
  return {
    id: scan.id,
    domain: scan.domain,
    created_at: scan.created_at,
    checks: scan.checks.map((check) => ({ id: check.id, score: check.score, max: check.max })),
  };
}
