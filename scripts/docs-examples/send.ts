/**
 * Sends one docs example to the local stack as its client would (docs/decisions.md "Docs
 * examples that run"): an API example as the curl call it shows (its key, a fresh
 * Idempotency-Key), a dashboard example as the browser whose cookie jar holds the session; the
 * stand-ins it names are put back to what they stand for in this run. Variants of an API example
 * (without its key, with a value it refuses) give the route's real error envelope.
 */
import { EXAMPLE_CSRF, EXAMPLE_SESSION } from '#shared/surfaces/api/example-requests';
import type { RequestExample } from '#shared/surfaces/api/examples';
import type { RouteDefinition } from '#shared/surfaces/api/manifest';
import type { DashboardHttp, Fields } from '#test/browser/support/dashboard-http';
import type { Normaliser } from './normalise.ts';

export interface Sender {
  baseUrl: string;
  key: string;
  normaliser: Normaliser;
  /** Stand-ins replaced only as whole values or whole lines (a site, a receiver). */
  values: Map<string, string>;
  /** The signed-in browser, and a second one (its session is the one the examples end). */
  browser: DashboardHttp;
  second: DashboardHttp;
  /** A `Stripe-Signature` header for the payload, signed now with the stack's webhook secret. */
  signStripe(payload: string): string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  json?: unknown;
  location: string | null;
}

export type Variant = 'as-shown' | 'no-key' | 'refused';

const UNKNOWN_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

/** A stand-in value, a line of a text area, or an id inside a string, made real. */
function realValue(sender: Sender, value: unknown): unknown {
  if (typeof value === 'string') {
    const whole = sender.values.get(value);
    if (whole !== undefined) return whole;
    const lines = value.split('\n').map((line) => sender.values.get(line) ?? line);
    return sender.normaliser.toReal(lines.join('\n'));
  }
  if (Array.isArray(value)) return value.map((item) => realValue(sender, item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, realValue(sender, item)]),
    );
  }
  return value;
}

function pathOf(route: RouteDefinition, params: Record<string, unknown>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? name)),
  );
}

/** The example's path and query with real values; a refused variant names an unknown id. */
function targetOf(
  sender: Sender,
  route: RouteDefinition,
  example: RequestExample,
  variant: Variant,
) {
  const params = realValue(sender, example.params) as Record<string, unknown>;
  if (variant === 'refused') {
    for (const name of Object.keys(params)) {
      params[name] = name === 'domain' ? 'unknown-site.example' : UNKNOWN_ID;
    }
  }
  const query = new URLSearchParams(realValue(sender, example.query) as Record<string, string>);
  const search = query.toString();
  return `${pathOf(route, params)}${search ? `?${search}` : ''}`;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  let json: unknown;
  if (contentType === 'application/json') json = JSON.parse(text);
  return {
    status: response.status,
    contentType,
    text,
    json,
    location: response.headers.get('location'),
  };
}

async function sendApi(
  sender: Sender,
  route: RouteDefinition,
  example: RequestExample,
  variant: Variant,
): Promise<Answer> {
  const refusedBody = variant === 'refused' && route.operationId === 'scan_domain';
  const body = refusedBody ? { domain: '' } : realValue(sender, example.body);
  // A file or an event goes as it is (with the real ids); a JSON body with its stand-ins made real.
  const text =
    example.rawBody !== undefined
      ? sender.normaliser.toReal(example.rawBody)
      : example.body === undefined
        ? undefined
        : JSON.stringify(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(example.headers)) {
    if (name === 'Authorization') {
      if (variant !== 'no-key') headers[name] = `Bearer ${sender.key}`;
    } else if (name === 'Idempotency-Key') headers[name] = crypto.randomUUID();
    // Stripe's events are signed over the bytes sent, now, with the stack's endpoint secret.
    else if (name === 'Stripe-Signature') headers[name] = sender.signStripe(text ?? '');
    else headers[name] = value;
  }
  const response = await fetch(`${sender.baseUrl}${targetOf(sender, route, example, variant)}`, {
    method: route.method,
    headers,
    redirect: 'manual',
    ...(text === undefined ? {} : { body: text }),
  });
  return answerOf(response);
}

async function sendBrowser(
  sender: Sender,
  route: RouteDefinition,
  example: RequestExample,
): Promise<Answer> {
  const target = targetOf(sender, route, example, 'as-shown');
  const page =
    route.method === 'GET'
      ? await sender.browser.get(target)
      : example.rawBody !== undefined
        ? await sender.browser.postRaw(target, example.rawBody, {
            'content-type': example.headers['Content-Type'] ?? 'text/plain',
            'x-csrf-token': String(realValue(sender, EXAMPLE_CSRF)),
          })
        : await sender.browser.post(target, realValue(sender, example.body ?? {}) as Fields);
  const contentType = (page.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const session = sender.browser.cookies.get('ars_session');
  if (session) sender.normaliser.bind(EXAMPLE_SESSION, session);
  return { status: page.status, contentType, text: page.text, location: page.location };
}

export function sendExample(
  sender: Sender,
  route: RouteDefinition,
  example: RequestExample,
  variant: Variant,
): Promise<Answer> {
  return example.client === 'browser'
    ? sendBrowser(sender, route, example)
    : sendApi(sender, route, example, variant);
}
