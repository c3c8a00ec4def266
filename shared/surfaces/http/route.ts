/**
 * The shape of one route manifest entry (docs/architecture.md, "Layers"). Entries are grouped per
 * area (`shared/surfaces/api/routes/`, the dashboard's in its slice,
 * `shared/surfaces/dashboard/`), and `shared/surfaces/api/manifest.ts` joins them: the single
 * source for the CDK routes and functions, the local HTTP front, the OpenAPI document, the docs
 * page and the MCP tools. A handler imports its area's routes only, so it bundles nothing of other
 * areas.
 */
import type { z } from 'zod';
import type { AuthMode } from '#shared/domain/accounts/principal';
import type { Scope } from '#shared/domain/accounts/scopes';
import type { CodeOf, ErrorCodeName } from '#shared/domain/kernel/errors';
import type { WorkflowName } from '#shared/surfaces/workflows/manifest';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RawContentType =
  | 'application/json'
  | 'text/html'
  | 'text/csv'
  | 'text/plain'
  | 'application/xml'
  | 'image/svg+xml'
  | 'application/http-message-signatures-directory+json';

/** Media types of exports of a JSON route (rows as CSV with a header row, or JSON Lines). */
export type ExportContentType = 'text/csv' | 'application/x-ndjson';

/** The area whose operations serve the route (and whose composition builds their deps). */
export type RouteArea =
  | 'keys'
  /** The account as a team: members, invitations, the audit log (docs/api.md). */
  | 'account'
  | 'scans'
  | 'batch'
  | 'monitor'
  | 'webhooks'
  /** The agent analytics: access-log uploads, a domain's agents, the public agent registry. */
  | 'agents'
  /** Plans paid through the payment provider: its events (docs/api.md "Plans and billing"). */
  | 'billing'
  | 'meta'
  | 'pages'
  | 'dashboard'
  /** The service's own site documents (robots.txt, llms.txt, catalogs): not API operations. */
  | 'discovery';

export interface RouteDefinition {
  operationId: string;
  area: RouteArea;
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
    /** A body is optional on this route (an empty body validates as `{}`). */
    optionalBody?: boolean;
    /** Error code for a body that does not match the schema (default `invalid_request`). */
    invalidBodyCode?: CodeOf<'invalid'>;
    /**
     * The body is a file taken as sent (an access log), not JSON: the operation receives its bytes
     * and headers (`RawBody`); larger bodies are refused with 413 before the operation runs.
     */
    rawBody?: {
      maxBytes: number;
      mediaTypes: readonly string[];
      description: string;
      /** Request headers the operation reads with the body (lower case): a signature. */
      headers?: readonly string[];
    };
  };
  /**
   * API routes: the JSON body without `meta`, which the pipeline adds. Documents and pages
   * (`raw`) are served as they are: an OpenAPI document must stay a valid OpenAPI document.
   */
  response:
    | {
        status: number;
        schema: z.ZodType;
        /** Other success statuses the operation may answer with (`answeredWith`), documented. */
        alternatives?: readonly { status: number; description: string }[];
      }
    | { status: number; raw: RawContentType };
  /**
   * Other media types a JSON route can answer with, chosen by its `format` query parameter
   * (exports: `createExportingHandler`); documented as further success content in OpenAPI.
   */
  exports?: readonly ExportContentType[];
  /** Error codes this route documents, in addition to the ones every route can return. */
  errors: readonly ErrorCodeName[];
  /** What the handler does with the table: drives least-privilege IAM grants in CDK. */
  data: 'none' | 'read' | 'readwrite';
  /** Handler module, relative to the repository root. */
  handler: string;
  /** Workflows the handler starts (IAM `states:StartExecution` on exactly these machines). */
  starts?: readonly WorkflowName[];
  /** The handler publishes domain events to the events queue (IAM `sqs:SendMessage`). */
  publishesEvents?: boolean;
  /**
   * Queues of the queue manifest the handler sends work to (IAM `sqs:SendMessage` on exactly
   * these, their URL in the variable the manifest names).
   */
  enqueues?: readonly string[];
  /** The handler sends mail (IAM `ses:SendEmail` on the sender identity, MAIL_FROM). */
  sendsMail?: boolean;
  /**
   * Payments: `provider`, the handler calls Stripe (it gets the STRIPE_* settings and may read
   * the one secret holding Stripe's keys, `secretsmanager:GetSecretValue`); `settings`, it only
   * reads the settings (whether payments are configured, where Stripe's pages are).
   */
  payments?: 'provider' | 'settings';
  /** Exposed as a read tool over MCP under the operation id. */
  mcpTool: boolean;
  /**
   * Takes an `Idempotency-Key` header: the POSTs that create something (issue 18;
   * shared/surfaces/api/idempotency.ts).
   */
  idempotent?: boolean;
  /** Documented as an addition to the customer's contract (docs/api.md, OpenAPI `x-addition`, docs page badge). */
  addition?: boolean;
}

/**
 * Whether a request with an API key counts against the key's request rate (docs/api.md "Rate
 * limits"): every JSON API route that takes a key. Routes without authentication (the OpenAPI
 * document, pages, stats) never read a key, so they cost no counter write.
 */
export function countsRequestRate(route: Pick<RouteDefinition, 'auth'>): boolean {
  return route.auth === 'required' || route.auth === 'optional';
}

/**
 * Every error code a route can answer: its own, plus those that come with a JSON body (unreadable
 * or too large), with the data store (an outage), and with any code (an unexpected failure).
 */
export function errorCodesOf(route: RouteDefinition): ErrorCodeName[] {
  const codes: ErrorCodeName[] = [...route.errors];
  if (route.request?.body) codes.push('invalid_json', 'payload_too_large');
  if (route.request?.rawBody) codes.push('invalid_request', 'payload_too_large');
  if (route.data !== 'none') codes.push('service_unavailable');
  if (route.idempotent)
    codes.push('invalid_request', 'idempotency_key_in_flight', 'idempotency_key_reused');
  if (countsRequestRate(route)) codes.push('rate_limited');
  codes.push('internal_error');
  return [...new Set(codes)];
}

/** Matches a concrete path against one template; the decoded parameters, or undefined. */
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

/**
 * Orders templates as API Gateway picks among matching routes: segment by segment, a literal
 * segment beats a `{param}`, so `/scans/batch` wins over `/scans/{id}`. Negative = `a` first.
 */
export function compareSpecificity(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const leftParam = (left[index] ?? '').startsWith('{');
    const rightParam = (right[index] ?? '').startsWith('{');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
