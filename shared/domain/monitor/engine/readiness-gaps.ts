/**
 * Readiness gaps from scans (docs/monitor.md "Readiness of the cited pages"): per check of the
 * scan engine, which reachable cited sites pass (`good`) what the brand's site fails (`warn` or
 * `bad`), the points the brand loses there, and up to five statements naming the cause from the
 * brand's own finding, each linking the brand's scan. An unreachable site is listed, never
 * counted as passing or failing; a check the brand's scan could not evaluate (`unknown`) is no gap.
 */
import type {
  ReadinessCheckGap,
  ReadinessCheckId,
  ReadinessGaps,
  ReadinessSite,
} from './readiness-schema.ts';

export const MAX_READINESS_STATEMENTS = 5;

/** The part of a scan check this module reads (shared/domain/scan-engine/types.ts `Check`). */
export interface ReadinessCheck {
  id: ReadinessCheckId;
  title: string;
  state: 'good' | 'warn' | 'bad' | 'unknown';
  score: number;
  max: number;
  findings: readonly { state: string; text: string }[];
}

/** A site with its scan's checks (none when it could not be scanned). */
export interface ScannedSite extends ReadinessSite {
  checks: readonly ReadinessCheck[];
}

export interface ReadinessInput {
  brand: ScannedSite;
  sites: readonly ScannedSite[];
  /** Links of a scan: its page and its API resource. */
  links: (scanId: string) => { page: string; api: string };
}

const withoutChecks = ({ checks: _checks, ...site }: ScannedSite): ReadinessSite => site;

export function buildReadinessGaps(input: ReadinessInput): ReadinessGaps {
  const { brand } = input;
  const unreachable = [brand, ...input.sites]
    .filter((site) => site.status === 'unreachable')
    .map((site) => site.domain);
  const base = {
    brand: withoutChecks(brand),
    sites: input.sites.map(withoutChecks),
    unreachable,
  };
  if (brand.status !== 'scanned' || brand.scan_id === null) {
    return { ...base, checks: [], statements: [], note: "The brand's site could not be scanned." };
  }
  const reachable = input.sites.filter((site) => site.status === 'scanned');
  if (input.sites.length === 0) {
    return {
      ...base,
      checks: [],
      statements: [],
      note: 'No online answer cited other sites where a competitor was cited or named and the brand was not.',
    };
  }
  const checks = checkGaps(brand, reachable);
  const links = input.links(brand.scan_id);
  const statements = checks.slice(0, MAX_READINESS_STATEMENTS).map((gap) => ({
    check: gap.check,
    text: statement(gap, brand, reachable.length),
    points_at_stake: gap.points_at_stake,
    scan_url: links.page,
    api_url: links.api,
  }));
  const note = reachable.length === 0 ? 'None of the cited sites could be scanned.' : null;
  return { ...base, checks, statements, note };
}

function checkGaps(brand: ScannedSite, sites: readonly ScannedSite[]): ReadinessCheckGap[] {
  const gaps: ReadinessCheckGap[] = [];
  for (const own of brand.checks) {
    if (own.state !== 'warn' && own.state !== 'bad') continue;
    const stateOf = (site: ScannedSite) => site.checks.find((c) => c.id === own.id)?.state;
    const passing = sites.filter((site) => stateOf(site) === 'good').map((site) => site.domain);
    if (passing.length === 0) continue;
    const failing = sites
      .filter((site) => {
        const state = stateOf(site);
        return state === 'warn' || state === 'bad';
      })
      .map((site) => site.domain);
    gaps.push({
      check: own.id,
      title: own.title,
      brand_state: own.state,
      points_at_stake: Math.max(0, own.max - own.score),
      max: own.max,
      passing_sites: passing,
      failing_sites: failing,
    });
  }
  // Largest loss first; among equal losses, the check most cited sites pass.
  return gaps.sort(
    (a, b) =>
      b.points_at_stake - a.points_at_stake ||
      b.passing_sites.length - a.passing_sites.length ||
      (a.check < b.check ? -1 : 1),
  );
}

/** "2 of 3 cited sites pass Crawler access; acme.example does not (6 points): <finding>." */
function statement(gap: ReadinessCheckGap, brand: ScannedSite, scanned: number): string {
  const own = brand.checks.find((c) => c.id === gap.check);
  const cause =
    own?.findings.find((f) => f.state === 'bad') ?? own?.findings.find((f) => f.state === 'warn');
  const sites = gap.passing_sites.slice(0, 3).join(', ');
  const more = gap.passing_sites.length > 3 ? ` and ${gap.passing_sites.length - 3} more` : '';
  const points = `${formatPoints(gap.points_at_stake)} point${gap.points_at_stake === 1 ? '' : 's'}`;
  const head =
    `${gap.passing_sites.length} of ${scanned} cited sites scanned (${sites}${more}) pass ` +
    `"${gap.title}"; ${brand.domain} does not (${points} at stake).`;
  return cause ? `${head} Cause: ${cause.text}` : head;
}

function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}
