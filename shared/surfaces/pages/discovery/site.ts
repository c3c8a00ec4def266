/**
 * What the service says about itself on its own origin, in one place: its name, summary, the
 * pages people read and the documents agents read (docs/decisions.md, issue 15: the service
 * is the reference site of its own scan). Every discovery document is built from these and
 * from the route manifest, so they cannot drift from the routes.
 */
import { ROUTES } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS } from '#shared/surfaces/api/routes/mcp';

export const SERVICE_NAME = 'Agent-Readiness Scan API';
export const SERVICE_SUMMARY =
  'Scores how ready a website is for AI agents and search crawlers (0 to 100, nine checks judged against the current standards), and monitors how AI assistants answer about a brand.';
/** The day the site's documents last changed in substance (sitemap lastmod). */
export const SITE_UPDATED = '2026-12-06';

export const PATHS = {
  home: '/',
  docs: '/docs',
  dashboard: '/dashboard/sign-in',
  openapi: '/api/v1/openapi.json',
  logo: '/logo.svg',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  sitemap: '/sitemap.xml',
  apiCatalog: '/.well-known/api-catalog',
  protectedResource: '/.well-known/oauth-protected-resource',
  aiCatalog: '/.well-known/ai-catalog.json',
  ard: '/.well-known/ard.json',
  mcpCatalog: '/.well-known/mcp/catalog.json',
  mcpEndpoint: MCP_ENDPOINTS[0].path,
  serverCard: `${MCP_ENDPOINTS[0].path}/server-card`,
  skills: '/.well-known/agent-skills/index.json',
  skill: '/.well-known/agent-skills/scan-a-domain.md',
  keyDirectory: '/.well-known/http-message-signatures-directory',
  signatureAgentCard: '/.well-known/signature-agent-card',
  authMd: '/auth.md',
} as const;

/** The API's routes as agents should know them: the OpenAPI routes, not browser forms. */
export function apiRoutes() {
  return ROUTES.filter((route) => route.area !== 'dashboard' && route.area !== 'discovery');
}

export function mcpToolRoutes() {
  return ROUTES.filter((route) => route.mcpTool);
}

/** The host part of the base URL, reversed for the server card's reverse-DNS name. */
export function reverseDnsName(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/[^a-zA-Z0-9.-]/g, '-');
  const reversed = host.split('.').reverse().join('.');
  return `${reversed}/agent-readiness`;
}
