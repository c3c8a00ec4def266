/**
 * The answers the example requests got from the local stack (docs/decisions.md "Docs examples
 * that run"): `npm run docs:examples` sends every route's example request
 * (`example-requests.ts`) and writes what came back to `captured-examples.json`, ids and times
 * normalised to the examples' stand-ins and the service's address kept as `{{base}}`; this module
 * reads that file for `/docs` and the OpenAPI document. The integration test
 * `test/integration/docs-examples.test.ts` fails when the file no longer matches a fresh run.
 */
import captured from './captured-examples.json' with { type: 'json' };

/** One captured answer: status, media type, the JSON body or the redirect's target. */
export interface CapturedResponse {
  status: number;
  content_type: string;
  body?: unknown;
  location?: string;
}

export interface CapturedRoute extends CapturedResponse {
  /** A real error of the route: the same request without a key, or with a refused value. */
  error?: CapturedResponse;
}

/** What stands for the service's address in the captured answers. */
export const BASE_PLACEHOLDER = '{{base}}';

const ROUTES = (captured as { routes: Record<string, CapturedRoute> }).routes;

/** Every `{{base}}` in the value, replaced by the address the page is served from. */
export function withBase<T>(value: T, baseUrl: string): T {
  const text = JSON.stringify(value);
  return JSON.parse(text.replaceAll(BASE_PLACEHOLDER, JSON.stringify(baseUrl).slice(1, -1))) as T;
}

/** The captured answer of a route, at this base URL; undefined when none was captured. */
export function capturedRoute(operationId: string, baseUrl: string): CapturedRoute | undefined {
  const route = ROUTES[operationId];
  return route ? withBase(route, baseUrl) : undefined;
}
