/** Documents about the API itself. */
import type { RouteDefinition } from '#shared/surfaces/http/route';

export const META_ROUTES = {
  get_openapi: {
    operationId: 'get_openapi',
    area: 'meta',
    method: 'GET',
    path: '/api/v1/openapi.json',
    summary: 'The OpenAPI 3.1 description of this API',
    description: 'Generated from the route manifest and its zod schemas.',
    tag: 'Meta',
    auth: 'none',
    response: { status: 200, raw: 'application/json' },
    errors: [],
    data: 'none',
    handler: 'functions/http/meta/get-openapi.ts',
    mcpTool: false,
  },
  docs_page: {
    operationId: 'docs_page',
    area: 'pages',
    method: 'GET',
    path: '/docs',
    summary: 'API documentation (HTML)',
    description: 'The page that `meta.docs` names.',
    tag: 'Pages',
    auth: 'none',
    response: { status: 200, raw: 'text/html' },
    errors: [],
    data: 'none',
    handler: 'functions/http/pages/docs-page.ts',
    mcpTool: false,
  },
} as const satisfies Record<string, RouteDefinition>;
