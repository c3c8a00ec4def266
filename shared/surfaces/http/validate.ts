/**
 * The validation step of the HTTP pipeline (pipeline.ts): the JSON body read with a size cap, and
 * the path parameters, the query and the body checked against the route's zod schemas. A bad part
 * is a 4xx in the error envelope with the first issues named; a malformed id reads as unknown.
 */
import type { z } from 'zod';
import { AppError, BadRequestError, NotFoundError } from '#shared/domain/kernel/errors';
import type { RawBody } from '#shared/domain/kernel/operation';
import type { ApiEvent } from './request.ts';
import type { RouteDefinition } from './route.ts';

/** Bodies above this size are refused before parsing (413 `payload_too_large`). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The route's request parts after validation (each undefined when the route has no schema). */
export interface ValidatedParts {
  params: unknown;
  query: unknown;
  body: unknown;
}

function readBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The request body exceeds ${MAX_BODY_BYTES / 1024} KiB.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('invalid_json', 'The request body is not valid JSON.');
  }
}

/** The first five issues of a zod error, each as `path: message`, for an error message. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

/** A header's media value: lower case, parameters (`; charset=...`) dropped; '' when absent. */
function mediaValue(value: string | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A file body taken as sent (`request.rawBody`): its bytes (API Gateway base64-encodes bodies
 * that are not text) and the headers that say how to read them; over its cap, 413.
 */
function readRawBody(
  event: ApiEvent,
  rawBody: NonNullable<NonNullable<RouteDefinition['request']>['rawBody']>,
): RawBody {
  const body = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (bytes.length > rawBody.maxBytes) {
    throw new AppError(
      'payload_too_large',
      `The request body exceeds ${Math.round(rawBody.maxBytes / 1024 / 1024)} MB; send it in parts.`,
    );
  }
  const headers: Record<string, string> = {};
  for (const name of rawBody.headers ?? []) {
    const value = event.headers?.[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    bytes,
    contentType: mediaValue(event.headers?.['content-type']),
    contentEncoding: mediaValue(event.headers?.['content-encoding']),
    ...(rawBody.headers ? { headers } : {}),
  };
}

function validateBody(route: RouteDefinition, event: ApiEvent): unknown {
  const request = route.request;
  if (request?.rawBody) return readRawBody(event, request.rawBody);
  if (!request?.body) return undefined;
  const raw = readBody(event);
  const input = raw === undefined && request.optionalBody ? {} : raw;
  const parsed = request.body.safeParse(input);
  if (parsed.success) return parsed.data;
  const code = request.invalidBodyCode ?? 'invalid_request';
  const detail =
    input === undefined ? 'a JSON body is required' : describeIssues(parsed.error.issues);
  throw new BadRequestError(code, `Invalid request body: ${detail}.`, {
    details: { issues: parsed.error.issues.map(({ path, message }) => ({ path, message })) },
  });
}

/** Validates path, query and body against the route's zod schemas. */
export function validateRequest(route: RouteDefinition, event: ApiEvent): ValidatedParts {
  const request = route.request ?? {};
  let params: unknown;
  if (request.params) {
    const parsed = request.params.safeParse(event.pathParameters ?? {});
    // A malformed id cannot name an existing resource: answer as for an unknown one.
    if (!parsed.success) throw new NotFoundError();
    params = parsed.data;
  }
  let query: unknown;
  if (request.query) {
    const parsed = request.query.safeParse(event.queryStringParameters ?? {});
    if (!parsed.success) {
      throw new BadRequestError(
        'invalid_request',
        `Invalid query: ${describeIssues(parsed.error.issues)}`,
        {
          details: { issues: parsed.error.issues.map(({ path, message }) => ({ path, message })) },
        },
      );
    }
    query = parsed.data;
  }
  return { params, query, body: validateBody(route, event) };
}
