import type { z } from 'zod';
import type { Scope } from '#shared/auth/scopes';
import {
  CreateScanBodySchema,
  ScanIdParamsSchema,
  ScanResponseSchema,
  StatsResponseSchema,
} from './schemas.ts';

/**
 * The route manifest: one entry per operation. It is the single source for the CDK routes and
 * functions, the local HTTP front, the OpenAPI document and the docs page; `mcpTool` marks the
 * operations the MCP tool server will expose (SPEC.md "Tool server").
 * Adding a route is one entry here and one handler module.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * - `none`: no key is read (documents, pages).
 * - `optional`: anonymous calls allowed; a key that is sent must be valid (401 `invalid_key`).
 * - `required`: a valid key is needed (401 `unauthorized`).
 */
export type RawContentType = 'application/json' | 'text/html';

export type AuthMode = 'none' | 'optional' | 'required';

export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** Path template with `{param}` segments, as API Gateway and OpenAPI write it. */
  path: string;
  summary: string;
  description: string;
  tag: string;
  auth: AuthMode;
  /** Scope a key must carry on this route (anonymous callers are not asked for it). */
  scope?: Scope;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    /** Error code for a body that does not match the schema (default `invalid_request`). */
    invalidBodyCode?: string;
  };
  /**
   * API routes: the JSON body without `meta`, which the pipeline adds. Documents and pages
   * (`raw`) are served as they are: an OpenAPI document must stay a valid OpenAPI document.
   */
  response: { status: number; schema: z.ZodType } | { status: number; raw: RawContentType };
  /** Error codes this route documents, in addition to the ones every route can return. */
  errors: readonly ErrorCodeName[];
  /** What the handler does with the table: drives least-privilege IAM grants in CDK. */
  data: 'none' | 'read' | 'readwrite';
  /** Handler module, relative to the repository root. */
  handler: string;
  /** Exposed as a read tool over MCP under the operation id. */
  mcpTool: boolean;
}

export const ERROR_CODES = {
  invalid_domain: { status: 400, description: 'domain missing or cannot be parsed' },
  invalid_request: { status: 400, description: 'the request does not match the schema' },
  invalid_json: { status: 400, description: 'the request body is not valid JSON' },
  invalid_key: { status: 401, description: 'bearer token sent but unknown' },
  unauthorized: { status: 401, description: 'bearer token missing or unknown' },
  insufficient_scope: { status: 403, description: 'the key lacks the scope this route needs' },
  not_found: { status: 404, description: 'no such resource (or it belongs to another account)' },
  method_not_allowed: { status: 405, description: 'the path exists but not for this method' },
  payload_too_large: { status: 413, description: 'the request body exceeds 64 KiB' },
  rate_limited: { status: 429, description: 'anonymous daily scan limit reached' },
  scan_failed: { status: 500, description: 'the scan could not be completed' },
  internal_error: { status: 500, description: 'unexpected server error' },
  auth_unavailable: { status: 503, description: 'the bearer token cannot be verified now' },
  service_unavailable: { status: 503, description: 'the data store is unavailable; retry later' },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

const SCAN_AUTH_ERRORS = ['invalid_key', 'insufficient_scope', 'auth_unavailable'] as const;

export const ROUTES = [
  {
    operationId: 'scan_domain',
    method: 'POST',
    path: '/api/v1/scans',
    summary: 'Scan a domain for agent readiness',
    description:
      'Runs the nine checks live against the domain and answers when the scan is finished ' +
      '(typically 5 to 30 seconds). Without a key, 3 scans per UTC day per IP (IPv6 per /64).',
    tag: 'Scans',
    auth: 'optional',
    scope: 'scans:write',
    request: { body: CreateScanBodySchema, invalidBodyCode: 'invalid_domain' },
    response: { status: 201, schema: ScanResponseSchema },
    errors: ['invalid_domain', 'invalid_json', ...SCAN_AUTH_ERRORS, 'rate_limited', 'scan_failed'],
    data: 'readwrite',
    handler: 'functions/http/scans/create-scan.ts',
    mcpTool: true,
  },
  {
    operationId: 'get_scan',
    method: 'GET',
    path: '/api/v1/scans/{id}',
    summary: 'Read a scan result',
    description: 'Results are public; the same payload backs the shareable result page.',
    tag: 'Scans',
    auth: 'optional',
    scope: 'scans:read',
    request: { params: ScanIdParamsSchema },
    response: { status: 200, schema: ScanResponseSchema },
    errors: [...SCAN_AUTH_ERRORS, 'not_found'],
    data: 'read',
    handler: 'functions/http/scans/get-scan.ts',
    mcpTool: true,
  },
  {
    operationId: 'get_stats',
    method: 'GET',
    path: '/api/v1/stats',
    summary: 'Anonymous aggregates over all scans at the current scoring version',
    description: 'Number of scans and distinct domains, median score, distribution. O(1) to read.',
    tag: 'Scans',
    auth: 'optional',
    scope: 'scans:read',
    response: { status: 200, schema: StatsResponseSchema },
    errors: [...SCAN_AUTH_ERRORS],
    data: 'read',
    handler: 'functions/http/scans/get-stats.ts',
    mcpTool: true,
  },
  {
    operationId: 'get_openapi',
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
  {
    operationId: 'docs_page',
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
  {
    operationId: 'scan_page',
    method: 'GET',
    path: '/scans/{id}',
    summary: 'Shareable scan result page (HTML)',
    description: 'Readable without JavaScript.',
    tag: 'Pages',
    auth: 'none',
    request: { params: ScanIdParamsSchema },
    response: { status: 200, raw: 'text/html' },
    errors: ['not_found'],
    data: 'read',
    handler: 'functions/http/pages/scan-page.ts',
    mcpTool: false,
  },
] as const satisfies readonly RouteDefinition[];

/**
 * Every error code a route can answer: its own, plus those that come with a JSON body (unreadable
 * or too large), with the data store (an outage), and with any code (an unexpected failure).
 */
export function errorCodesOf(route: RouteDefinition): ErrorCodeName[] {
  const codes: ErrorCodeName[] = [...route.errors];
  if (route.request?.body) codes.push('invalid_json', 'payload_too_large');
  if (route.data !== 'none') codes.push('service_unavailable');
  codes.push('internal_error');
  return [...new Set(codes)];
}

export type RouteOperationId = (typeof ROUTES)[number]['operationId'];

/** Answers requests no route matches (API Gateway `$default`, the local front's fallback). */
export const FALLBACK_HANDLER = 'functions/http/fallback.ts';

export function routeById<Id extends RouteOperationId>(
  operationId: Id,
): Extract<(typeof ROUTES)[number], { operationId: Id }> {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`No route ${operationId} in the manifest`);
  return route as Extract<(typeof ROUTES)[number], { operationId: Id }>;
}

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** Matches a concrete path against the manifest; `methodMismatch` lists methods of the path. */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodMismatch: HttpMethod[] } | undefined {
  const allowed: HttpMethod[] = [];
  for (const route of ROUTES as readonly RouteDefinition[]) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method.toUpperCase()) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { methodMismatch: allowed } : undefined;
}

export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const templateParts = template.split('/');
  // Strict like API Gateway: "/api/v1/stats/" is not "/api/v1/stats".
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of templateParts.entries()) {
    const actual = pathParts[index] ?? '';
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) {
      if (actual === '') return undefined;
      params[name] = safeDecode(actual);
    } else if (part !== actual) {
      return undefined;
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
