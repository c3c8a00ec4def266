/**
 * CORS of the API, in one place: CDK configures the HTTP API's `corsPreflight` from it and the
 * local front answers preflights and decorates responses from it, so both behave the same.
 * Bearer keys travel in a header, never in cookies, so no credentials mode is needed; the
 * dashboard is same-origin and needs no CORS at all.
 */
import {
  RATELIMIT_HEADER,
  RATELIMIT_POLICY_HEADER,
} from '#shared/surfaces/http/rate-limit-headers';

export const CORS = {
  allowOrigins: ['*'],
  allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
  allowHeaders: ['authorization', 'content-type'],
  exposeHeaders: ['x-request-id', 'retry-after', RATELIMIT_HEADER, RATELIMIT_POLICY_HEADER],
  allowCredentials: false,
  maxAgeSeconds: 3600,
} as const;

/** Headers API Gateway adds to a response of a request that carried an `Origin`. */
export function corsResponseHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': CORS.exposeHeaders.join(','),
  };
}

/** API Gateway's answer to a CORS preflight (`OPTIONS` with Access-Control-Request-Method). */
export function corsPreflightHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': CORS.allowMethods.join(','),
    'access-control-allow-headers': CORS.allowHeaders.join(','),
    'access-control-max-age': String(CORS.maxAgeSeconds),
  };
}
