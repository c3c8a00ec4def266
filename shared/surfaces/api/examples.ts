/**
 * A request and a response example for every route of the manifest: the `/docs` page shows them
 * (HTML and markdown) and the OpenAPI document carries them as `examples` (docs/decisions.md
 * "Docs examples that run"). The request is the route's hand-written example
 * (`example-requests.ts`); the response is what the local stack answered it
 * (`captured-examples.json`, `npm run docs:examples`), and so is the error shown. A dashboard
 * route is shown as the browser sends it (the `ars_session` cookie, the form's CSRF field), not
 * as a curl call. A route without a written example falls back to samples of its schemas
 * (JSON Schema samples, `json-sample.ts`); a test makes sure none does.
 * test/unit/surfaces/api/examples.test.ts checks each against the route's schemas.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCodeName } from '#shared/domain/kernel/errors';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { buildMeta } from '#shared/surfaces/http/meta';
import { errorCodesOf, type RouteDefinition } from '#shared/surfaces/http/route';
import type { Meta } from '#shared/surfaces/http/schemas';
import { capturedRoute } from './captured.ts';
import {
  EXAMPLE_CSRF,
  EXAMPLE_REQUESTS,
  EXAMPLE_SESSION,
  type ExampleRequestSpec,
} from './example-requests.ts';
import { type JsonSchema, sampleJson } from './json-sample.ts';

/** The moment every example's `meta.generated_at` shows (stable docs, stable OpenAPI). */
export const EXAMPLE_TIME = new Date('2026-11-25T09:30:00.000Z');
export const EXAMPLE_KEY = 'ars_YOUR_KEY';
export const EXAMPLE_IDEMPOTENCY_KEY = '6f1d2c3b-retry-safe-0001';
const EXAMPLE_REQUEST_ID = '00000000-0000-4000-8000-000000000001';

export interface RequestExample {
  method: string;
  /** The path with its parameters filled in, and the query string when the route takes one. */
  url: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The JSON body (or the form fields of a dashboard form), when the route takes one. */
  body?: unknown;
  /** The body sent as it is (a file: an access log), for the routes that take one. */
  rawBody?: string;
  /** A curl call (API and site routes) or the HTTP request a browser sends (dashboard). */
  curl: string;
  /** `curl` for scripts; `browser` for the dashboard's pages and forms. */
  client: 'curl' | 'browser';
}

export interface ResponseExample {
  status: number;
  contentType: string;
  /** The JSON body with `meta`, for routes answering JSON with a schema. */
  body?: Record<string, unknown> & { meta: Meta };
  /** Where a redirect (303) sends the browser. */
  location?: string;
  /** Captured from the local stack (false: sampled from the schemas). */
  captured: boolean;
}

export interface ErrorExample {
  status: number;
  code: ErrorCodeName;
  body: { error: { code: string; message: string; request_id: string }; meta: Meta };
  /** What the stack answered (false: the code's description in the same envelope). */
  captured: boolean;
}

export interface RouteExample {
  request: RequestExample;
  response: ResponseExample;
  errors: ErrorExample[];
}

/**
 * A sample of a zod schema: what a client sends (`input`: params, query, bodies) or what the
 * service answers (`output`: response bodies).
 */
export function sampleOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return sampleJson(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? name)),
  );
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function requestHeaders(route: RouteDefinition, spec: ExampleRequestSpec): Record<string, string> {
  const headers: Record<string, string> = {};
  if (route.auth === 'required' || route.auth === 'optional') {
    headers.Authorization = `Bearer ${EXAMPLE_KEY}`;
  }
  // The local (http) name; over https the cookie is `__Host-ars_session` (docs/dashboard.md).
  if (route.auth === 'session') headers.Cookie = `ars_session=${EXAMPLE_SESSION}`;
  if (spec.raw) {
    headers['Content-Type'] = spec.raw.contentType;
    // The page's script sends the file as it is, with the form's CSRF token in a header.
    if (route.area === 'dashboard') headers['X-CSRF-Token'] = EXAMPLE_CSRF;
  } else if (spec.body !== undefined) {
    headers['Content-Type'] =
      route.area === 'dashboard' ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  if (route.idempotent) headers['Idempotency-Key'] = EXAMPLE_IDEMPOTENCY_KEY;
  return { ...headers, ...spec.headers };
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function curlOf(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): string {
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  }
  // A file goes as it is (`--data` would drop its line breaks).
  const option = headers['Content-Type'] === 'application/json' ? '--data' : '--data-binary';
  if (body !== undefined) lines.push(`  ${option} ${shellQuote(body)}`);
  return lines.join(' \\\n');
}

function formBody(body: unknown): string {
  return queryString(asRecord(body)).slice(1);
}

/** A route's written example, or one sampled from its schemas when it has none. */
function requestSpec(route: RouteDefinition): ExampleRequestSpec {
  const written = EXAMPLE_REQUESTS[route.operationId];
  if (written) return written;
  return {
    params: route.request?.params
      ? (asRecord(sampleOf(route.request.params, 'input')) as Record<string, string>)
      : {},
    query: route.request?.query
      ? (asRecord(sampleOf(route.request.query, 'input')) as Record<string, string>)
      : {},
    ...(route.request?.body ? { body: sampleOf(route.request.body, 'input') } : {}),
  };
}

/**
 * A form a browser sends (or a page it asks for): the request line, the session cookie and,
 * for a form, the origin and the fields, the CSRF token among them.
 */
function browserRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): string {
  const target = new URL(url);
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Origin: ${target.origin}`, '', body);
  return lines.join('\n');
}

/** The request example: the route's written example (parameters, query, body) and its headers. */
export function requestExample(route: RouteDefinition, baseUrl: string): RequestExample {
  const spec = requestSpec(route);
  const params = spec.params ?? {};
  const query = spec.query ?? {};
  const body = spec.body;
  const headers = requestHeaders(route, spec);
  const url = `${baseUrl}${fillPath(route.path, params)}${queryString(query)}`;
  const browser = route.area === 'dashboard';
  const text =
    spec.raw?.text ??
    (body === undefined ? undefined : browser ? formBody(body) : JSON.stringify(body));
  return {
    method: route.method,
    url,
    params,
    query,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(spec.raw ? { rawBody: spec.raw.text } : {}),
    curl: browser
      ? browserRequest(route.method, url, headers, text)
      : curlOf(route.method, url, headers, text),
    client: browser ? 'browser' : 'curl',
  };
}

/** The success example: what the stack answered the example request (else a schema sample). */
export function responseExample(route: RouteDefinition, baseUrl: string): ResponseExample {
  const captured = capturedRoute(route.operationId, baseUrl);
  if (captured) {
    return {
      status: captured.status,
      contentType: captured.content_type,
      ...(captured.body === undefined
        ? {}
        : { body: captured.body as Record<string, unknown> & { meta: Meta } }),
      ...(captured.location === undefined ? {} : { location: captured.location }),
      captured: true,
    };
  }
  const meta = buildMeta(baseUrl, EXAMPLE_TIME);
  if ('schema' in route.response) {
    const body = { ...asRecord(sampleOf(route.response.schema, 'output')), meta };
    return {
      status: route.response.status,
      contentType: 'application/json',
      body,
      captured: false,
    };
  }
  return { status: route.response.status, contentType: route.response.raw, captured: false };
}

/**
 * An envelope for each error code the route can answer: the one the stack answered the example
 * (without its key, or with a value it refuses) as captured, the others in the same envelope
 * with the code's description as message (the OpenAPI document lists one per code; `/docs`
 * shows the captured one).
 */
export function errorExamples(route: RouteDefinition, baseUrl: string): ErrorExample[] {
  const real = capturedRoute(route.operationId, baseUrl)?.error;
  const realBody = real?.body as ErrorExample['body'] | undefined;
  const realCode = realBody?.error?.code;
  const meta = buildMeta(baseUrl, EXAMPLE_TIME);
  return errorCodesOf(route).map((code) =>
    code === realCode && real && realBody
      ? { status: real.status, code, body: realBody, captured: true }
      : {
          status: httpStatusOf(code),
          code,
          body: {
            error: { code, message: ERROR_CODES[code].description, request_id: EXAMPLE_REQUEST_ID },
            meta,
          },
          captured: false,
        },
  );
}

export function routeExample(route: RouteDefinition, baseUrl: string): RouteExample {
  return {
    request: requestExample(route, baseUrl),
    response: responseExample(route, baseUrl),
    errors: errorExamples(route, baseUrl),
  };
}
