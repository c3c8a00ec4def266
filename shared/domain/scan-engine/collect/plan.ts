/**
 * The fetch plan's constants: byte caps, Accept headers, probe paths and priorities. Byte caps
 * are counted after decompression (docs/scan-engine.md, "Budgets and slowness").
 */

/** Our own product token, as robots.txt files would name it. */
export const SCANNER_PRODUCT_TOKEN = 'AgentReadinessScanner';

const KIB = 1024;
const MIB = 1024 * KIB;
export const BYTE_CAPS = {
  html: 3 * MIB,
  robots: 512 * KIB,
  sitemap: 2 * MIB,
  llms: 1 * MIB,
  llmsFull: 64 * KIB,
  wellKnown: 512 * KIB,
  openApi: 3 * MIB,
  markdown: 1 * MIB,
  probe: 256 * KIB,
  thirdParty: 64 * KIB,
  wikidata: 4 * MIB,
} as const;

export const ACCEPT = {
  html: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
  markdown: 'text/markdown',
  markdownMirror: 'text/markdown, text/plain;q=0.9',
  json: 'application/json',
  xml: 'application/xml, text/xml;q=0.9, */*;q=0.1',
  linkset: 'application/linkset+json, application/json;q=0.9',
  aiCatalog: 'application/ai-catalog+json, application/json;q=0.9',
  /** The MCP discovery draft: request a Server Card with its media type. */
  mcpCard: 'application/mcp-server-card+json, application/json;q=0.9',
  /** A2A 1.0.1: the card's media type. */
  a2aCard: 'application/a2a+json, application/json;q=0.9',
  jwks: 'application/jwk-set+json, application/json;q=0.9',
  text: 'text/plain, text/markdown;q=0.9, */*;q=0.1',
} as const;

/**
 * Every well-known path (and /auth.md) is fetched on every scan, in the first wave: none of them
 * depends on an earlier answer (issue 28, "two round trips"). Legacy locations are probed beside
 * the current ones so that either is credited without a second round trip.
 */
export const FIRST_TIER_PROBES = {
  '/.well-known/api-catalog': { accept: ACCEPT.linkset, cap: BYTE_CAPS.wellKnown },
  '/.well-known/oauth-protected-resource': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/ai-catalog.json': { accept: ACCEPT.aiCatalog, cap: BYTE_CAPS.wellKnown },
  '/.well-known/ard.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agent-card.json': { accept: ACCEPT.a2aCard, cap: BYTE_CAPS.wellKnown },
  '/.well-known/mcp/catalog.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/openapi.json': { accept: ACCEPT.json, cap: BYTE_CAPS.openApi },
  '/.well-known/oauth-authorization-server': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/openid-configuration': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/mcp/server-card.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/mcp.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agent.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agent-skills/index.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agents.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/ucp': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/.well-known/acp.json': { accept: ACCEPT.json, cap: BYTE_CAPS.wellKnown },
  '/auth.md': { accept: ACCEPT.markdownMirror, cap: BYTE_CAPS.llmsFull },
} as const;

/** First-tier probes that other requests wait on (they go first when slots are busy). */
export const PROBES_WITH_FOLLOW_UPS: ReadonlySet<string> = new Set([
  '/.well-known/api-catalog',
  '/.well-known/oauth-protected-resource',
  '/.well-known/ai-catalog.json',
  '/.well-known/ard.json',
  '/.well-known/agent-card.json',
  '/.well-known/mcp/catalog.json',
]);

/**
 * The catalogs whose MCP Server Card entries are followed: the AI Catalog and ARD's manifest
 * (contested paths, either earns the credit), then the MCP Catalog they replaced.
 */
export const CATALOG_PATHS = [
  '/.well-known/ai-catalog.json',
  '/.well-known/ard.json',
  '/.well-known/mcp/catalog.json',
];

/** Fallback paths outside /.well-known/, fetched only when the well-known one is missing. */
export const SECOND_TIER_PROBES = {
  openApi: ['/openapi.json'],
} as const;

/**
 * Two paths that cannot exist, asked the way documents are asked for: one under
 * /.well-known/ as JSON, one at the root as text. A site that answers them 200 shows its
 * catch-all answer, and every document that looks the same is missing.
 */
export function catchAllProbes(token: string): Array<{ path: string; accept: string }> {
  return [
    { path: `/.well-known/agent-readiness-probe-${token}`, accept: ACCEPT.json },
    { path: `/agent-readiness-probe-${token}.txt`, accept: ACCEPT.text },
  ];
}

// Priorities: requests others wait on go first when an origin's connection slots are busy.
export const PRIORITY = { homepage: 0, hasFollowUps: 1, followUp: 2, leaf: 3 } as const;
