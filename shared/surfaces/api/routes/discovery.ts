import type { RawContentType, RouteDefinition } from '../route.ts';

/**
 * The service's own site documents (issue 15: the service is the reference site of its scan):
 * the home page, robots.txt, llms.txt, sitemap, api-catalog, AI Catalog, MCP Catalog and the
 * tool server's card. They describe the site, not the API, so OpenAPI leaves them out; CDK and
 * the local front route them like every other manifest entry. Content: shared/surfaces/discovery/.
 */
function document(
  operationId: string,
  path: string,
  raw: RawContentType,
  summary: string,
  handler: string,
) {
  return {
    operationId,
    area: 'discovery',
    method: 'GET',
    path,
    summary,
    description: 'Generated from the route manifest; see the docs page, section Standards.',
    tag: 'Site',
    auth: 'none',
    response: { status: 200, raw },
    errors: [],
    data: 'none',
    handler: `functions/http/discovery/${handler}.ts`,
    mcpTool: false,
  } as const satisfies RouteDefinition;
}

export const DISCOVERY_ROUTES = {
  site_home: document('site_home', '/', 'text/html', 'Home page (HTML or markdown)', 'home'),
  robots_txt: document('robots_txt', '/robots.txt', 'text/plain', 'robots.txt', 'robots'),
  llms_txt: document('llms_txt', '/llms.txt', 'text/plain', 'llms.txt', 'llms'),
  llms_full_txt: document(
    'llms_full_txt',
    '/llms-full.txt',
    'text/plain',
    'llms-full.txt',
    'llms-full',
  ),
  sitemap_xml: document('sitemap_xml', '/sitemap.xml', 'application/xml', 'Sitemap', 'sitemap'),
  site_logo: document('site_logo', '/logo.svg', 'image/svg+xml', 'Logo', 'logo'),
  api_catalog: document(
    'api_catalog',
    '/.well-known/api-catalog',
    'application/json',
    'RFC 9727 API catalog',
    'api-catalog',
  ),
  ai_catalog: document(
    'ai_catalog',
    '/.well-known/ai-catalog.json',
    'application/json',
    'AI Catalog',
    'ai-catalog',
  ),
  mcp_catalog: document(
    'mcp_catalog',
    '/.well-known/mcp/catalog.json',
    'application/json',
    'MCP Catalog (superseded form)',
    'mcp-catalog',
  ),
  agent_skills: document(
    'agent_skills',
    '/.well-known/agent-skills/index.json',
    'application/json',
    'Agent Skills index',
    'agent-skills',
  ),
  agent_skill: document(
    'agent_skill',
    '/.well-known/agent-skills/scan-a-domain/SKILL.md',
    'text/plain',
    'Agent skill: scan a domain',
    'agent-skill',
  ),
  mcp_server_card: document(
    'mcp_server_card',
    '/api/mcp/server-card',
    'application/json',
    'MCP server card',
    'server-card',
  ),
} as const;
