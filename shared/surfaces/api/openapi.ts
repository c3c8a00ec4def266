/**
 * Builds the OpenAPI 3.1 document from the route manifest and its zod schemas: paths, shared
 * headers, the idempotency header of creates and the error envelope of each status, with the
 * request and response examples of shared/surfaces/api/examples.ts (additive annotations).
 */
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import {
  RATELIMIT_HEADER,
  RATELIMIT_POLICY_HEADER,
} from '#shared/surfaces/http/rate-limit-headers';
import { ErrorEnvelopeSchema, MetaSchema } from '#shared/surfaces/http/schemas';
import { errorExamples, requestExample, responseExample } from './examples.ts';
import {
  countsRequestRate,
  ERROR_CODES,
  errorCodesOf,
  type RawContentType,
  ROUTES,
  type RouteDefinition,
} from './manifest.ts';
import { buildWebhookPayloadDocs } from './openapi-webhooks.ts';

export const OPENAPI_VERSION = '1.1.0';

const REQUEST_ID_HEADER = {
  'x-request-id': z.string().meta({ description: 'Id of this request; quote it to support.' }),
};
/** The header of the POSTs that create something (shared/surfaces/api/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        'Makes a retry safe: the first response to this key (per caller and route) is kept 24 h ' +
        'and replayed to a retry with the same body, with `Idempotent-Replayed: true`; another ' +
        'body with the key is 422 `idempotency_key_reused`; while the first request runs, 409 ' +
        '`idempotency_key_in_flight`.',
    }),
});
const RETRY_AFTER_HEADER = {
  'retry-after': z.string().meta({ description: 'Seconds to wait before retrying.' }),
};

/**
 * The quota fields of draft-ietf-httpapi-ratelimit-headers-11 on the routes that take a key
 * (docs/api.md "Rate limits"; shared/surfaces/http/rate-limit-headers.ts).
 */
const RATE_LIMIT_HEADERS = {
  [RATELIMIT_HEADER]: z
    .string()
    .optional()
    .meta({
      description:
        'What is left of each quota this request met, as a Structured Fields list: ' +
        '`"key-requests";r=599;t=42` (`r` units left, `t` seconds to the reset). Policies: ' +
        '`key-requests` (per API key per minute), `anon-scans` (anonymous scans per IP per UTC ' +
        'day), `batch-daily` (domains queued per UTC day).',
    }),
  [RATELIMIT_POLICY_HEADER]: z
    .string()
    .optional()
    .meta({
      description:
        'The quotas this request met: `"key-requests";q=600;w=60` (`q` units per `w` seconds); ' +
        '`batch-size` has no window (domains per batch); `ars-unit="domains"` marks quotas ' +
        'counted in domains instead of requests.',
    }),
};

function rateLimitHeadersOf(route: RouteDefinition) {
  return countsRequestRate(route) ? RATE_LIMIT_HEADERS : {};
}

const RAW_DESCRIPTIONS: Record<RawContentType, string> = {
  'application/json': 'JSON document',
  'text/html': 'HTML page',
  'text/csv': 'CSV file',
  'image/svg+xml': 'SVG image',
  'text/plain': 'Plain text',
  'application/xml': 'XML document',
  'application/http-message-signatures-directory+json': 'Web Bot Auth key directory (JWKS)',
};

/** One example envelope per error code, grouped by status. */
function errorExamplesByStatus(route: RouteDefinition, serverUrl: string) {
  const byStatus = new Map<number, Record<string, { value: unknown }>>();
  for (const example of errorExamples(route, serverUrl)) {
    byStatus.set(example.status, {
      ...byStatus.get(example.status),
      [example.code]: { value: example.body },
    });
  }
  return byStatus;
}

function errorResponses(
  route: RouteDefinition,
  serverUrl: string,
): Record<string, ZodOpenApiResponseObject> {
  const examples = errorExamplesByStatus(route, serverUrl);
  const byStatus = new Map<number, string[]>();
  for (const code of errorCodesOf(route)) {
    const status = httpStatusOf(code);
    const { description } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\`: ${description}`]);
  }
  // Pages answer people: their "not found" is a page too.
  const pageType =
    'raw' in route.response && route.response.raw !== 'application/json'
      ? route.response.raw
      : undefined;
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, lines] of byStatus) {
    const page = pageType !== undefined && status === 404;
    responses[String(status)] = {
      description: lines.join('; '),
      headers: z.object({
        ...REQUEST_ID_HEADER,
        ...(status === 429 || status === 503 ? RETRY_AFTER_HEADER : {}),
        ...(status === 429 ? rateLimitHeadersOf(route) : {}),
      }),
      content: page
        ? { [pageType]: { schema: z.string() } }
        : {
            'application/json': {
              schema: ErrorEnvelopeSchema,
              ...(examples.has(status) ? { examples: examples.get(status) } : {}),
            },
          },
    };
  }
  return responses;
}

function security(route: RouteDefinition): ZodOpenApiOperationObject['security'] {
  const bearer = { bearerAuth: route.scope ? [route.scope] : [] };
  if (route.auth === 'none') return [];
  // An empty requirement object marks the key as optional.
  return route.auth === 'optional' ? [{}, bearer] : [bearer];
}

/** The success response: the JSON body with `meta` (and its example), or the raw document. */
function successResponse(route: RouteDefinition, serverUrl: string): ZodOpenApiResponseObject {
  if ('schema' in route.response) {
    const example = responseExample(route, serverUrl).body;
    return {
      description: 'Success',
      headers: z.object({ ...REQUEST_ID_HEADER, ...rateLimitHeadersOf(route) }),
      content: {
        'application/json': {
          schema: (route.response.schema as z.ZodObject).extend({ meta: MetaSchema }),
          ...(example ? { examples: { example: { value: example } } } : {}),
        },
        ...Object.fromEntries((route.exports ?? []).map((type) => [type, { schema: z.string() }])),
      },
    };
  }
  return {
    description: RAW_DESCRIPTIONS[route.response.raw],
    headers: z.object(REQUEST_ID_HEADER),
    content: {
      [route.response.raw]: {
        schema:
          route.response.raw === 'application/json'
            ? z.record(z.string(), z.unknown())
            : z.string(),
      },
    },
  };
}

function operation(route: RouteDefinition, serverUrl: string): ZodOpenApiOperationObject {
  const authNote =
    route.auth === 'none'
      ? ''
      : `\n\nAuthentication: bearer key ${route.auth}${route.scope ? `; scope \`${route.scope}\`` : ''}.`;
  return {
    operationId: route.operationId,
    ...(route.addition ? { 'x-addition': true } : {}),
    summary: route.addition ? `${route.summary} (addition to the specification)` : route.summary,
    description: `${route.description}${authNote}`,
    tags: [route.tag],
    security: security(route),
    ...(route.request?.params || route.request?.query || route.idempotent
      ? {
          requestParams: {
            ...(route.request?.params ? { path: route.request.params } : {}),
            ...(route.request?.query ? { query: route.request.query } : {}),
            ...(route.idempotent ? { header: IDEMPOTENCY_KEY_PARAMETER } : {}),
          },
        }
      : {}),
    ...requestBodyOf(route, serverUrl),
    responses: {
      [String(route.response.status)]: successResponse(route, serverUrl),
      ...alternativeResponses(route, serverUrl),
      ...errorResponses(route, serverUrl),
    },
  };
}

/** Other documented success statuses of a JSON route (the same body, another meaning). */
function alternativeResponses(
  route: RouteDefinition,
  serverUrl: string,
): Record<string, ZodOpenApiResponseObject> {
  if (!('schema' in route.response)) return {};
  const success = successResponse(route, serverUrl);
  return Object.fromEntries(
    (route.response.alternatives ?? []).map(({ status, description }) => [
      String(status),
      { ...success, description },
    ]),
  );
}

/** A body limit as people read it: MB from one MB up, KB below. */
function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/** A JSON body (with its example), or a file taken as sent (`request.rawBody`). */
function requestBodyOf(
  route: RouteDefinition,
  serverUrl: string,
): Pick<ZodOpenApiOperationObject, 'requestBody'> {
  const rawBody = route.request?.rawBody;
  if (rawBody) {
    const example = requestExample(route, serverUrl).rawBody;
    return {
      requestBody: {
        required: true,
        description: `${rawBody.description} At most ${sizeOf(rawBody.maxBytes)} as sent.`,
        content: Object.fromEntries(
          rawBody.mediaTypes.map((type) => [
            type,
            // A JSON document taken as sent (a provider's event): any object, its example parsed.
            type === 'application/json'
              ? {
                  schema: z.looseObject({}),
                  ...(example ? { examples: { example: { value: JSON.parse(example) } } } : {}),
                }
              : { schema: z.string().meta({ format: 'binary' }) },
          ]),
        ),
      },
    };
  }
  return route.request?.body
    ? {
        requestBody: {
          required: route.request.optionalBody !== true,
          content: {
            'application/json': {
              schema: route.request.body,
              examples: { example: { value: requestExample(route, serverUrl).body } },
            },
          },
        },
      }
    : {};
}

/** The OpenAPI 3.1 document, generated from the manifest and its zod schemas. */
export function buildOpenApiDocument(serverUrl: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  // The dashboard's HTML pages and forms are for browsers, not API clients (docs page: #dashboard).
  // Site documents (robots.txt, llms.txt, catalogs) describe the site, not the API.
  for (const route of ROUTES.filter(
    (candidate) => candidate.area !== 'dashboard' && candidate.area !== 'discovery',
  )) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    paths[route.path] = { ...paths[route.path], [method]: operation(route, serverUrl) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Agent-Readiness Scan and AI Answer Monitor API',
      version: OPENAPI_VERSION,
      description:
        'Technical agent-readiness scans of any domain (nine checks, four pillars, 0-100). ' +
        'Every JSON response carries `meta`; errors use the envelope `{error: {code, message}, meta}`.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: `ars_…`' },
      },
    },
    paths,
    webhooks: buildWebhookPayloadDocs(),
  });
}
