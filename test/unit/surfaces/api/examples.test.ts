/**
 * Every route of the manifest has a written request example and the answer the local stack gave
 * it (shared/surfaces/api/examples.ts, `npm run docs:examples`), and each validates against the
 * route's schemas: the path, query and body the example sends as the pipeline reads them, the
 * success body (with `meta`) and every error envelope. A planted bad example must fail the same
 * check.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EXAMPLE_REQUESTS } from '#shared/surfaces/api/example-requests';
import { type RouteExample, routeExample } from '#shared/surfaces/api/examples';
import { matchPath, ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { ErrorEnvelopeSchema, MetaSchema } from '#shared/surfaces/http/schemas';
import { TOOLS } from '#shared/surfaces/mcp/tools';
import { toolCallExample } from '#shared/surfaces/pages/docs-mcp-example';

const BASE = 'https://api.example.com';

function issues(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/** What is wrong with a route's example, as the route's own schemas see it (empty = fine). */
function exampleProblems(route: RouteDefinition, example: RouteExample | undefined): string[] {
  if (!example) return ['no example'];
  const problems: string[] = [];
  const url = new URL(example.request.url);
  if (example.request.method !== route.method) problems.push('method differs from the route');
  const params = matchPath(route.path, url.pathname);
  if (!params) problems.push(`url ${url.pathname} does not match ${route.path}`);
  if (route.request?.params) {
    problems.push(...issues(route.request.params, params ?? {}).map((text) => `params ${text}`));
  }
  if (route.request?.query) {
    const query = Object.fromEntries(url.searchParams);
    problems.push(...issues(route.request.query, query).map((text) => `query ${text}`));
  }
  if (route.request?.body) {
    if (example.request.body === undefined) problems.push('no body');
    const body = JSON.parse(JSON.stringify(example.request.body ?? null)) as unknown;
    problems.push(...issues(route.request.body, body).map((text) => `body ${text}`));
  }
  if (route.idempotent && !example.request.headers['Idempotency-Key']) {
    problems.push('a create without an Idempotency-Key');
  }
  if (route.auth === 'required' && !example.request.headers.Authorization) {
    problems.push('no Authorization header on a route that needs a key');
  }
  problems.push(...responseProblems(route, example));
  return problems;
}

function responseProblems(route: RouteDefinition, example: RouteExample): string[] {
  const problems: string[] = [];
  const { response } = example;
  // A dashboard form answers with the page, or sends the browser on (303 See Other).
  const redirect = route.area === 'dashboard' && response.status === 303 && response.location;
  if (response.status !== route.response.status && !redirect) {
    problems.push('status differs from the route');
  }
  if ('schema' in route.response) {
    if (!response.body) return [...problems, 'no response body'];
    const schema = (route.response.schema as z.ZodObject).extend({ meta: MetaSchema });
    problems.push(...issues(schema, response.body).map((text) => `response ${text}`));
  } else if (!sameMediaType(response.contentType, route.response.raw)) {
    problems.push('media type differs from the route');
  }
  for (const error of example.errors) {
    problems.push(
      ...issues(ErrorEnvelopeSchema, error.body).map((text) => `${error.code} ${text}`),
    );
  }
  return problems;
}

/** The route's media type, or a JSON type of its own (`application/linkset+json`). */
function sameMediaType(served: string, declared: string): boolean {
  return served === declared || (declared === 'application/json' && served.endsWith('+json'));
}

describe('tool call examples', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s has call arguments its input schema accepts and the REST example as result',
    (_, tool) => {
      const example = toolCallExample(tool, BASE);
      expect(issues(tool.inputSchema, example.arguments)).toEqual([]);
      expect(JSON.stringify(example.result)).toContain('"structuredContent":{');
    },
  );
});

describe('route examples', () => {
  it('are written and captured for every route, none sampled from the schemas', () => {
    const missing = ROUTES.filter(
      (route) =>
        !EXAMPLE_REQUESTS[route.operationId] || !routeExample(route, BASE).response.captured,
    ).map((route) => route.operationId);
    expect(missing).toEqual([]);
  });

  it.each(ROUTES.map((route) => [route.operationId, route] as const))(
    '%s has a request and a response example that its schemas accept',
    (_, route) => {
      expect(exampleProblems(route, routeExample(route, BASE))).toEqual([]);
    },
  );

  it('documents an Idempotency-Key and a bearer key on a create', () => {
    const route = ROUTES.find((candidate) => candidate.operationId === 'scan_domain');
    if (!route) throw new Error('no scan_domain route');
    const { request } = routeExample(route, BASE);
    expect(request.curl).toContain("-H 'Idempotency-Key: ");
    expect(request.curl).toContain("-H 'Authorization: Bearer ars_YOUR_KEY'");
    expect(request.curl).toContain('--data \'{"domain":"example.com"');
  });

  it('fails a route without an example, and a planted bad example', () => {
    const route = ROUTES.find(
      (candidate) => candidate.request?.body && 'schema' in candidate.response,
    );
    if (!route) throw new Error('no JSON route with a body');
    expect(exampleProblems(route, undefined)).toEqual(['no example']);
    const good = routeExample(route, BASE);
    const badBody: RouteExample = {
      ...good,
      request: { ...good.request, body: { unexpected: 42 } },
    };
    expect(exampleProblems(route, badBody).some((text) => text.startsWith('body '))).toBe(true);
    const badResponse: RouteExample = {
      ...good,
      response: {
        ...good.response,
        body: { meta: { pricing: { model: 'free' }, generated_at: 'yesterday', docs: 'nope' } },
      },
    };
    expect(exampleProblems(route, badResponse).some((text) => text.startsWith('response '))).toBe(
      true,
    );
  });
});
