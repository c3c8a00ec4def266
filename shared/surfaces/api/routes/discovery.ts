/**
 * The service's own site documents (issue 15: the service is the reference site of its scan):
 * the home page, robots.txt, llms.txt, sitemap, api-catalog, AI Catalog, MCP Catalog, Agent
 * Skills, the tool server's card, the scanner's key directory and Signature Agent Card, and
 * auth.md. They describe the site, not the API, so OpenAPI leaves them out. Six routes behind one
 * function (docs/decisions.md, issue 15: CloudFormation's 500
 * resources per stack leave no room for a function per document); the names a `{document}`
 * route serves are listed in shared/surfaces/pages/discovery/documents.ts, others answer 404.
 */
import { z } from 'zod';
import type { RawContentType, RouteDefinition } from '#shared/surfaces/http/route';

const HANDLER = 'functions/http/discovery/site.ts';

const NAME = z.string().max(100);

function document(operationId: string, path: string, raw: RawContentType, summary: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  return {
    operationId,
    area: 'discovery',
    method: 'GET',
    path,
    summary,
    description: 'Generated from the route manifest; see the docs page, section Standards.',
    tag: 'Site',
    auth: 'none',
    request: { params: z.object(Object.fromEntries(names.map((name) => [name, NAME]))) },
    response: { status: 200, raw },
    errors: ['not_found'],
    // One function serves every discovery route, and the home page reads the visitor's free
    // scans left (the anonymous quota counters): the function reads the table.
    data: 'read',
    handler: HANDLER,
    mcpTool: false,
  } as const satisfies RouteDefinition;
}

export const DISCOVERY_ROUTES = {
  site_home: document('site_home', '/', 'text/html', 'Home page (HTML, or markdown on request)'),
  site_document: document(
    'site_document',
    '/{document}',
    'text/plain',
    'robots.txt, llms.txt, llms-full.txt, auth.md, sitemap.xml, logo.svg, favicon.ico',
  ),
  well_known_document: document(
    'well_known_document',
    '/.well-known/{document}',
    'application/json',
    'RFC 9727 api-catalog, AI Catalog, Signature Agent Card',
  ),
  signatures_directory: document(
    'signatures_directory',
    '/.well-known/http-message-signatures-directory',
    'application/http-message-signatures-directory+json',
    "The scanner's Web Bot Auth key directory (JWKS, signed response)",
  ),
  well_known_folder_document: document(
    'well_known_folder_document',
    '/.well-known/{folder}/{document}',
    'application/json',
    'MCP Catalog, Agent Skills index and skill',
  ),
  mcp_server_card: document(
    'mcp_server_card',
    '/api/mcp/server-card',
    'application/json',
    'MCP server card of the tool server',
  ),
} as const;
