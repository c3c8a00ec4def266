import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
} from '#shared/domain/kernel/errors';
import {
  compareSpecificity,
  errorCodesOf,
  matchPath,
  matchRoute,
  ROUTES,
} from '#shared/surfaces/api/manifest';
import { META_ROUTES } from '#shared/surfaces/api/routes/meta';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { mapError } from '#shared/surfaces/http/error-mapper';

describe('route manifest', () => {
  it('has unique operation ids and unique method + path pairs', () => {
    expect(new Set(ROUTES.map((route) => route.operationId)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => `${route.method} ${route.path}`)).size).toBe(
      ROUTES.length,
    );
  });

  it('documents body, store and unexpected errors on the routes that can produce them', () => {
    const scan = errorCodesOf(SCAN_ROUTES.scan_domain);
    expect(scan).toEqual(
      expect.arrayContaining([
        'invalid_domain',
        'invalid_json',
        'payload_too_large',
        'service_unavailable',
        'internal_error',
      ]),
    );
    const docs = errorCodesOf(META_ROUTES.docs_page);
    expect(docs).toEqual(['internal_error']);
  });

  it('matches path parameters and decodes them', () => {
    expect(matchPath('/api/v1/scans/{id}', '/api/v1/scans/abc%20d')).toEqual({ id: 'abc d' });
    expect(matchPath('/api/v1/scans/{id}', '/api/v1/scans/')).toBeUndefined();
    expect(matchPath('/api/v1/scans/{id}', '/api/v1/scans/a/b')).toBeUndefined();
  });

  it('prefers the literal route over nothing and reports methods for a known path', () => {
    const match = matchRoute('POST', '/api/v1/scans');
    expect(match && 'route' in match && match.route.operationId).toBe('scan_domain');
    expect(matchRoute('PUT', '/api/v1/scans')).toEqual({ methodMismatch: ['POST', 'GET', 'HEAD'] });
    expect(matchRoute('PUT', '/api/v1/stats')).toEqual({ methodMismatch: ['GET', 'HEAD'] });
    expect(matchRoute('GET', '/api/v1/nope')).toBeUndefined();
  });
});

describe('route specificity', () => {
  it('ranks a literal segment above a parameter, segment by segment, as API Gateway does', () => {
    expect(compareSpecificity('/api/v1/scans/batch', '/api/v1/scans/{id}')).toBeLessThan(0);
    expect(compareSpecificity('/api/v1/scans/{id}', '/api/v1/scans/batch')).toBeGreaterThan(0);
    expect(compareSpecificity('/a/{x}/c', '/a/{x}/{y}')).toBeLessThan(0);
    expect(compareSpecificity('/a/b/{y}', '/a/{x}/c')).toBeLessThan(0);
  });

  it('routes /scans/batch to the batch routes and any other /scans/x to /scans/{id}', () => {
    const post = matchRoute('POST', '/api/v1/scans/batch');
    expect(post && 'route' in post && post.route.operationId).toBe('create_batch');
    const get = matchRoute('GET', '/api/v1/scans/batch');
    expect(get && 'route' in get && get.route.operationId).toBe('list_batches');
    const scan = matchRoute('GET', '/api/v1/scans/batches');
    expect(scan && 'route' in scan && scan.route.operationId).toBe('get_scan');
    const head = matchRoute('HEAD', '/api/v1/stats');
    expect(head && 'route' in head && head.route.operationId).toBe('get_stats');
  });
});

describe('error mapper', () => {
  it('maps typed errors to their status and keeps the code and message', () => {
    expect(mapError(new BadRequestError('invalid_domain', 'bad'))).toMatchObject({
      status: 400,
      code: 'invalid_domain',
      message: 'bad',
    });
    expect(
      mapError(new UnauthorizedError('invalid_key', 'no')).headers['www-authenticate'],
    ).toMatch(/^Bearer/);
  });

  it('adds Retry-After to 429 and 503', () => {
    expect(
      mapError(new RateLimitedError('rate_limited', 'x', { retryAfterSeconds: 61.2 })).headers[
        'retry-after'
      ],
    ).toBe('62');
    expect(mapError(new UnavailableError('auth_unavailable', 'x')).headers['retry-after']).toBe(
      '5',
    );
  });

  it('hides unexpected errors behind a generic 500', () => {
    const mapped = mapError(new Error('secret table name leaked'));
    expect(mapped).toMatchObject({ status: 500, code: 'internal_error', unexpected: true });
    expect(mapped.message).not.toContain('secret');
  });
});
