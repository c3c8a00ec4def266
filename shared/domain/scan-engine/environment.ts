/**
 * Where a scan ran and what stood in its way (issue 37, point 4), and what that does to the
 * checks: a check whose own documents all met a wall (walls.ts) is not judged ("Not judged:
 * blocked by ...", unknown with max 0) instead of failing the site; a check that lost only some
 * of its documents is judged on the rest and says so. Both are listed in `partial_checks`.
 */
import { type Fetched, type ScanArtifacts, shortUrl, type Wall } from './artifacts.ts';
import { standardRef } from './standards.ts';
import type { BlockedBy, Check, CheckId, Finding, FindingId, ScanEnvironment } from './types.ts';
import type { WallSighting } from './walled-artifacts.ts';

/** Where the scanner stands and how it identifies itself (the wiring knows). */
export interface ScanVantage {
  /** `local`, or the AWS region the scan ran in. */
  scannedFrom: string;
  userAgent: string;
  /** Every request carried a Web Bot Auth signature. */
  signed: boolean;
}

/** The check's documents: those it cannot be judged without, and those it also reads. */
type Inputs = { primary: Fetched[]; other: Fetched[] };

const API_PROBES = [
  '/.well-known/api-catalog',
  '/.well-known/oauth-protected-resource',
  '/.well-known/openapi.json',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];
const AGENT_PROBES = [
  '/.well-known/ai-catalog.json',
  '/.well-known/ard.json',
  '/.well-known/agent-card.json',
  '/.well-known/mcp/catalog.json',
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp.json',
  '/.well-known/agent.json',
  '/.well-known/agent-skills/index.json',
  '/.well-known/agents.json',
];

const present = (list: ReadonlyArray<Fetched | undefined>): Fetched[] =>
  list.filter((fetched): fetched is Fetched => fetched !== undefined);

function inputsOf(id: CheckId, a: ScanArtifacts): Inputs {
  const probes = (paths: readonly string[]) => present(paths.map((path) => a.probes[path]));
  const pages = present([...a.sitemapSamples, a.innerPage?.fetched]);
  switch (id) {
    case 'crawler':
      return { primary: [a.robots], other: [a.homepage, ...pages] };
    case 'sitemap':
      return {
        primary: a.sitemaps.map((sitemap) => sitemap.fetched),
        other: present([...a.sitemaps.map((sitemap) => sitemap.child), ...a.sitemapSamples]),
      };
    case 'render':
      return { primary: [a.homepage], other: present([a.innerPage?.fetched]) };
    case 'llms':
      return {
        primary: [a.llmsTxt],
        other: [a.llmsFullTxt, ...a.llmsLinks, ...Object.values(a.llmsSubpaths ?? {})],
      };
    case 'markdown':
      return { primary: [a.homepageMarkdown], other: present([a.markdownMirror]) };
    case 'schema':
    case 'entity':
      return { primary: [a.homepage], other: [] };
    case 'api':
      return {
        primary: probes(API_PROBES),
        other: [
          a.homepage,
          ...Object.values(a.serviceDescriptions),
          ...Object.values(a.authServerMetadata),
          ...probes(['/openapi.json']),
        ],
      };
    case 'agent':
      return {
        primary: probes(AGENT_PROBES),
        other: [
          ...Object.values(a.catalogCards),
          ...Object.values(a.hintedCatalogs ?? {}),
          ...Object.values(a.a2aKeySets ?? {}),
          ...probes(['/.well-known/ucp', '/.well-known/acp.json', '/auth.md']),
        ],
      };
  }
}

/** The two finding ids a wall gives each check (findings/spec.ts, checkCommon). */
const WALL_IDS: Record<CheckId, { notJudged: FindingId; fewer: FindingId }> = {
  crawler: { notJudged: 'crawler.not_judged', fewer: 'crawler.fewer_documents' },
  sitemap: { notJudged: 'sitemap.not_judged', fewer: 'sitemap.fewer_documents' },
  render: { notJudged: 'render.not_judged', fewer: 'render.fewer_documents' },
  llms: { notJudged: 'llms.not_judged', fewer: 'llms.fewer_documents' },
  markdown: { notJudged: 'markdown.not_judged', fewer: 'markdown.fewer_documents' },
  schema: { notJudged: 'schema.not_judged', fewer: 'schema.fewer_documents' },
  api: { notJudged: 'api.not_judged', fewer: 'api.fewer_documents' },
  agent: { notJudged: 'agent.not_judged', fewer: 'agent.fewer_documents' },
  entity: { notJudged: 'entity.not_judged', fewer: 'entity.fewer_documents' },
};

type Walled = Extract<Fetched, { kind: 'walled' }>;
const isWalled = (fetched: Fetched): fetched is Walled => fetched.kind === 'walled';

function wallWords(wall: Wall): string {
  return wall.kind === 'payment'
    ? 'paywalled for agents (the site answered HTTP 402 and asked for payment)'
    : `blocked by ${wall.by} (${wall.evidence})`;
}

function notJudged(check: Check, walled: readonly Walled[], origin: string): Check {
  const where = [...new Set(walled.map((fetched) => shortUrl(fetched.url, origin)))].slice(0, 3);
  const wall = (walled[0] as Walled).wall;
  const text =
    wall.kind === 'payment'
      ? `Not judged: paywalled for agents. ${where.join(', ')} answered HTTP 402 and asked for payment (${wall.evidence}); a paid page is not a broken site, and what it holds was not seen.`
      : `Not judged: blocked by ${wall.by} (${wall.evidence}) at ${where.join(', ')}. It answered instead of the site, so nothing here counts against the site; the site itself was not seen.`;
  const finding: Finding = {
    id: WALL_IDS[check.id].notJudged,
    state: 'unknown',
    text,
    standard: standardRef('scoring'),
  };
  return { ...check, state: 'unknown', score: 0, max: 0, findings: [finding] };
}

function fewerPages(check: Check, walled: readonly Walled[], origin: string): Check {
  const where = [...new Set(walled.map((fetched) => shortUrl(fetched.url, origin)))];
  const finding: Finding = {
    id: WALL_IDS[check.id].fewer,
    state: 'unknown',
    standard: standardRef('scoring'),
    text: `Judged on fewer documents than planned: ${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''} ${where.length === 1 ? 'was' : 'were'} ${wallWords((walled[0] as Walled).wall)}.`,
  };
  return { ...check, findings: [...check.findings, finding] };
}

/** The checks with walls taken into account, and which of them were partial. */
export function judgeBehindWalls(
  checks: readonly Check[],
  artifacts: ScanArtifacts,
): { checks: Check[]; partial: CheckId[]; notJudged: CheckId[] } {
  const partial: CheckId[] = [];
  const notJudgedIds: CheckId[] = [];
  const judged = checks.map((check) => {
    const inputs = inputsOf(check.id, artifacts);
    const walledPrimary = inputs.primary.filter(isWalled);
    const walledAll = [...walledPrimary, ...inputs.other.filter(isWalled)];
    if (walledAll.length === 0) return check;
    partial.push(check.id);
    const allPrimary = inputs.primary.length > 0 && walledPrimary.length === inputs.primary.length;
    if (!allPrimary) return fewerPages(check, walledAll, artifacts.origin);
    notJudgedIds.push(check.id);
    return notJudged(check, walledPrimary, artifacts.origin);
  });
  return { checks: judged, partial, notJudged: notJudgedIds };
}

export function environmentOf(
  vantage: ScanVantage,
  sightings: readonly WallSighting[],
  partial: readonly CheckId[],
  origin: string,
): ScanEnvironment {
  const walls = sightings.filter((sighting) => sighting.wall.kind !== 'payment');
  // The homepage's wall first: it is what a visitor (and an agent) meets first.
  const first = walls.find((sighting) => sighting.url === `${origin}/`) ?? walls[0];
  return {
    scanned_from: vantage.scannedFrom,
    user_agent: vantage.userAgent,
    signed: vantage.signed,
    paywalled: sightings.some((sighting) => sighting.wall.kind === 'payment'),
    blocked_by:
      first === undefined
        ? null
        : {
            kind: first.wall.kind as BlockedBy['kind'],
            by: first.wall.by,
            evidence: first.wall.evidence,
            url: first.url,
          },
    partial_checks: [...partial],
  };
}
