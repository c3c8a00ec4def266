/**
 * A request and a response example for every route of the manifest, generated from the route's
 * zod schemas (JSON Schema samples, shared/surfaces/api/json-sample.ts): the `/docs` page shows
 * them (HTML and markdown) and the OpenAPI document carries them as `examples` (docs/decisions.md,
 * issue 17 "Docs examples"). test/unit/surfaces/api/examples.test.ts checks each against the
 * route's schemas, so a new manifest entry gets its examples, checked, with no further step.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCodeName } from '#shared/domain/kernel/errors';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { buildMeta } from '#shared/surfaces/http/meta';
import { errorCodesOf, type RouteDefinition } from '#shared/surfaces/http/route';
import type { Meta } from '#shared/surfaces/http/schemas';
import { type JsonSchema, sampleJson } from './json-sample.ts';

/** The moment every example's `meta.generated_at` shows (stable docs, stable OpenAPI). */
export const EXAMPLE_TIME = new Date('2026-11-25T09:30:00.000Z');
export const EXAMPLE_KEY = 'ars_YOUR_KEY';
export const EXAMPLE_IDEMPOTENCY_KEY = '6f1d2c3b-retry-safe-0001';
const EXAMPLE_REQUEST_ID = 'req_01JDZ6X8T3N7Q5R2W9YV4K0B1C';

export interface RequestExample {
  method: string;
  /** The path with its parameters filled in, and the query string when the route takes one. */
  url: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The JSON body (or the form fields of a dashboard form), when the route takes one. */
  body?: unknown;
  curl: string;
}

export interface ResponseExample {
  status: number;
  contentType: string;
  /** The JSON body with `meta`, for routes answering JSON with a schema. */
  body?: Record<string, unknown> & { meta: Meta };
}

export interface ErrorExample {
  status: number;
  code: ErrorCodeName;
  body: { error: { code: string; message: string; request_id: string }; meta: Meta };
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

function requestHeaders(route: RouteDefinition, body: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (route.auth === 'required' || route.auth === 'optional') {
    headers.Authorization = `Bearer ${EXAMPLE_KEY}`;
  }
  if (route.auth === 'session') headers.Cookie = 'session=YOUR_SESSION';
  if (body !== undefined) {
    headers['Content-Type'] =
      route.area === 'dashboard' ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  if (route.idempotent) headers['Idempotency-Key'] = EXAMPLE_IDEMPOTENCY_KEY;
  return headers;
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
  if (body !== undefined) lines.push(`  --data ${shellQuote(body)}`);
  return lines.join(' \\\n');
}

function formBody(body: unknown): string {
  return queryString(asRecord(body)).slice(1);
}

/** The request example: parameters, query, body and headers sampled from the route's schemas. */
export function requestExample(route: RouteDefinition, baseUrl: string): RequestExample {
  const params = route.request?.params ? asRecord(sampleOf(route.request.params, 'input')) : {};
  const query = route.request?.query ? asRecord(sampleOf(route.request.query, 'input')) : {};
  const body = route.request?.body ? sampleOf(route.request.body, 'input') : undefined;
  const headers = requestHeaders(route, body);
  const url = `${baseUrl}${fillPath(route.path, params)}${queryString(query)}`;
  const text =
    body === undefined
      ? undefined
      : route.area === 'dashboard'
        ? formBody(body)
        : JSON.stringify(body);
  return {
    method: route.method,
    url,
    params,
    query,
    headers,
    ...(body === undefined ? {} : { body }),
    curl: curlOf(route.method, url, headers, text),
  };
}

/** The success example: status, media type and (for JSON routes) the body with `meta`. */
export function responseExample(route: RouteDefinition, baseUrl: string): ResponseExample {
  const meta = buildMeta(baseUrl, EXAMPLE_TIME);
  if ('schema' in route.response) {
    const body = { ...asRecord(sampleOf(route.response.schema, 'output')), meta };
    return { status: route.response.status, contentType: 'application/json', body };
  }
  return { status: route.response.status, contentType: route.response.raw };
}

/** The error envelope of each error code the route can answer. */
export function errorExamples(route: RouteDefinition, baseUrl: string): ErrorExample[] {
  const meta = buildMeta(baseUrl, EXAMPLE_TIME);
  return errorCodesOf(route).map((code) => ({
    status: httpStatusOf(code),
    code,
    body: {
      error: { code, message: ERROR_CODES[code].description, request_id: EXAMPLE_REQUEST_ID },
      meta,
    },
  }));
}

export function routeExample(route: RouteDefinition, baseUrl: string): RouteExample {
  return {
    request: requestExample(route, baseUrl),
    response: responseExample(route, baseUrl),
    errors: errorExamples(route, baseUrl),
  };
}
