/**
 * The public shape of a scan result (docs/api.md "Scans", `get_scan`). Any change to a weight or a rule that
 * changes scores bumps SCORING_VERSION; the weights of version 2 live in `checks/*.ts` and are
 * summarised in docs/scan-engine.md.
 */

import type { FindingId } from './findings/registry.ts';
import type { FixInputs } from './fix-input-types.ts';
import type { SiteFacts } from './site-facts.ts';

export type { FindingId } from './findings/registry.ts';

export const SCORING_VERSION = 2;

/** R Retrievable, E Explainable, A Actionable, D Distributed. */
export type Pillar = 'R' | 'E' | 'A' | 'D';

/** The nine checks, in report order (docs/scan-engine.md "Checks"). */
export const CHECK_IDS = [
  'crawler',
  'sitemap',
  'render',
  'llms',
  'markdown',
  'schema',
  'api',
  'agent',
  'entity',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

/** `unknown`: nothing in the check applied, or nothing could be evaluated (max is then 0). */
export type CheckState = 'good' | 'warn' | 'bad' | 'unknown';

/** `info` carries context (policy choices, site type) that neither earns nor loses points. */
export type FindingState = 'good' | 'warn' | 'bad' | 'unknown' | 'info';

/** The standard a finding is judged against (registry: `standards.ts`). */
export interface FindingStandard {
  name: string;
  url: string;
  revision: string;
}

export interface Finding {
  /**
   * Added to the contract's finding (docs/scan-engine.md "Finding ids"): `<check id>.<slug>`,
   * the same for the same condition on every scan and site; the registry lists every id.
   */
  id: FindingId;
  state: FindingState;
  text: string;
  /**
   * Added to the contract's finding (docs/decisions.md): the standard and revision this finding is
   * judged against. Checks may set it; `buildCheck` fills it from the registry otherwise, so
   * every finding of a report carries one.
   */
  standard?: FindingStandard;
}

export interface Check {
  id: CheckId;
  pillar: Pillar;
  title: string;
  state: CheckState;
  score: number;
  max: number;
  findings: Finding[];
}

export interface ScanTarget {
  /** Lower-case host without a leading "www.", plus ":port" when the port is not the default. */
  domain: string;
  /** Origins to try in order (https first unless the caller named a scheme). */
  startUrls: string[];
}

export interface ScanStats {
  /** Network requests issued (memoised repeats are not counted). */
  requests: number;
  /**
   * Sequential waves: a request is one wave after the answers it was derived from and after
   * the request whose connection slot it waited for.
   */
  waves: number;
  /** Requests for a URL + variant that had already been fetched in this scan (should be 0). */
  duplicateFetches: number;
  durationMs: number;
}

export interface ScanReport {
  domain: string;
  score: number;
  /**
   * The highest score this site can reach: every fixable point earned, signals that cannot be
   * verified from outside kept at half (the contract's rule). Not a field of the public Scan yet.
   */
  max_reachable: number;
  scoring_version: typeof SCORING_VERSION;
  checks: Check[];
  /** Where the scan ran and what stood in its way (an addition, issue 37). */
  environment: ScanEnvironment;
  /** What other judges would say (an addition, issue 37). */
  peers: ScanPeers;
  stats: ScanStats;
  /** robots.txt and the sitemap's paths, for the agent analytics (not part of the public Scan). */
  site: SiteFacts;
  /** What the fix pack generates its files from (not part of the public Scan). */
  fix_inputs: FixInputs;
}

/** What answered instead of the site, with its evidence and where. */
export interface BlockedBy {
  kind: 'challenge' | 'waf' | 'rate-limit';
  by: string;
  evidence: string;
  url: string;
}

/** `environment` of a scan (an addition to the contract's Scan; docs/decisions.md, issue 37). */
export interface ScanEnvironment {
  scanned_from: string;
  user_agent: string;
  signed: boolean;
  /** Some page of the site answered agents 402 (x402 or another payment request). */
  paywalled: boolean;
  blocked_by: BlockedBy | null;
  /** Checks judged on fewer documents than planned, or not judged at all, because of a wall. */
  partial_checks: CheckId[];
}

/** A peer's verdict on Lighthouse's scale: score 1, 0.9, 0, or left out (not applicable). */
export type PeerVerdict = 'pass' | 'warn' | 'fail' | 'na';
/** The Lighthouse release whose rules peers/lighthouse.ts follows (the devDependency the tests run). */
export const LIGHTHOUSE_VERSION = '13.5.0';

/** The Lighthouse audits the engine computes (peers/lighthouse.ts). */
export const LIGHTHOUSE_AUDITS = ['llms-txt', 'ard-schema', 'webmcp-form-coverage'] as const;
export type LighthouseAuditId = (typeof LIGHTHOUSE_AUDITS)[number];

/** `peers.lighthouse` of a scan (an addition; docs/decisions.md, issue 37). */
export interface LighthousePeer {
  version: string;
  audits: Partial<Record<LighthouseAuditId, PeerVerdict>>;
  /** Audits this scan could not compute, and why. */
  not_judged: Partial<Record<LighthouseAuditId, string>>;
}

/** `peers` of a scan: what other judges would say. */
export interface ScanPeers {
  lighthouse: LighthousePeer;
}
