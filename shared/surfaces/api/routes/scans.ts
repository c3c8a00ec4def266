/**
 * The route manifest's scan entries: live scans, the scan list and result, stats and the
 * shareable result page, with their schemas, scopes and errors.
 */
import {
  BadgeParamsSchema,
  CreateScanBodySchema,
  ListScansQuerySchema,
  ListScansResponseSchema,
  ScanIdParamsSchema,
  ScanResponseSchema,
  StatsResponseSchema,
} from '#shared/domain/scans/schemas';
import type { RouteDefinition } from '../../http/route.ts';

const SCAN_AUTH_ERRORS = ['invalid_key', 'insufficient_scope', 'auth_unavailable'] as const;

/** docs/spec.md's scan routes and the shareable result page. */
export const SCAN_ROUTES = {
  scan_domain: {
    operationId: 'scan_domain',
    area: 'scans',
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
    publishesEvents: true,
    mcpTool: true,
    idempotent: true,
  },
  list_scans: {
    operationId: 'list_scans',
    area: 'scans',
    method: 'GET',
    path: '/api/v1/scans',
    summary: "List the account's scans",
    description:
      "Every scan made with one of the account's keys (single, MCP, batch) or in the dashboard, " +
      'newest first, with cursor pagination. Anonymous scans belong to no account.',
    tag: 'Scans',
    auth: 'required',
    scope: 'scans:read',
    request: { query: ListScansQuerySchema },
    response: { status: 200, schema: ListScansResponseSchema },
    errors: ['unauthorized', 'insufficient_scope', 'invalid_request', 'invalid_cursor'],
    data: 'read',
    handler: 'functions/http/scans/list-scans.ts',
    mcpTool: false,
    addition: true,
  },
  get_scan: {
    operationId: 'get_scan',
    area: 'scans',
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
  get_stats: {
    operationId: 'get_stats',
    area: 'scans',
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
  scan_page: {
    operationId: 'scan_page',
    area: 'pages',
    method: 'GET',
    path: '/scans/{id}',
    summary: 'Shareable scan result page (HTML)',
    description: 'Readable without JavaScript. An unknown or malformed id answers an HTML page.',
    tag: 'Pages',
    auth: 'none',
    request: { params: ScanIdParamsSchema },
    response: { status: 200, raw: 'text/html' },
    errors: ['not_found'],
    data: 'read',
    handler: 'functions/http/pages/scan-page.ts',
    mcpTool: false,
  },
  scan_badge: {
    operationId: 'scan_badge',
    area: 'pages',
    method: 'GET',
    path: '/badge/{domain}',
    summary: "SVG score badge of a domain's latest scan",
    description:
      'Embed as `/badge/example.com.svg`. A domain without a scan answers 404 with a grey ' +
      '"not scanned" badge; never the score of another domain. Cacheable (Cache-Control, ETag).',
    tag: 'Pages',
    auth: 'none',
    request: { params: BadgeParamsSchema },
    response: { status: 200, raw: 'image/svg+xml' },
    errors: ['not_found'],
    data: 'read',
    handler: 'functions/http/pages/scan-badge.ts',
    mcpTool: false,
  },
} as const satisfies Record<string, RouteDefinition>;
