/**
 * Conditional GET for cacheable pages (the score badge): when the client already holds the
 * version named by the response's ETag (`If-None-Match`), answer 304 without a body, keeping
 * the caching headers (RFC 9110 section 13.1.2, 15.4.5).
 */
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '#shared/surfaces/http/request';

type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

function matches(ifNoneMatch: string | undefined, etag: unknown): boolean {
  if (!ifNoneMatch || typeof etag !== 'string') return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

export function withConditionalGet(handler: Handler): Handler {
  return async (event, context) => {
    const result = await handler(event, context);
    const headers = result.headers ?? {};
    if (result.statusCode !== 200 || !matches(event.headers?.['if-none-match'], headers.etag)) {
      return result;
    }
    const { 'content-type': _type, ...kept } = headers;
    return { ...result, statusCode: 304, headers: kept, body: '' };
  };
}
