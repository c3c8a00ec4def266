/**
 * The billing simulator's API: the Stripe endpoints this service's adapter calls, with Stripe's
 * answers and error bodies (`{"error": {"type", "code", "message", "param"}}`, read from the API
 * reference's "Errors"): a key in `Authorization: Bearer`, form-encoded bodies, `Idempotency-Key`
 * replaying the first answer of a POST. Every request is recorded for tests.
 */
import { readFormBody, stringAt, stringMap } from './form-body.ts';
import {
  checkoutSessionObject,
  customerObject,
  portalSessionObject,
  publicSession,
  type SimulatedEvent,
} from './objects.ts';
import type { BillingWorld } from './world.ts';

export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Events the request made: the server sends them after answering, as Stripe does. */
  events?: readonly SimulatedEvent[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form pairs as sent (`line_items[0][price]` is one key). */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

export interface ApiContext {
  world: BillingWorld;
  secretKey: string;
  /** The page of a session (`/c/pay/<id>`) or a portal session (`/p/session/<id>`). */
  pageUrl(kind: 'checkout' | 'portal', id: string): string;
  now(): number;
}

function stripeError(status: number, type: string, message: string, extra = {}): ApiAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

const missing = (what: string, id: string, param?: string) =>
  stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

const required = (param: string) =>
  stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });

type Handler = (
  match: string[],
  body: ReturnType<typeof readFormBody>,
  context: ApiContext,
) => ApiAnswer;

function createCustomer(
  _match: string[],
  body: ReturnType<typeof readFormBody>,
  context: ApiContext,
) {
  const customer = customerObject(
    stringAt(body.nested, 'email') ?? null,
    stringMap(body.nested, 'metadata'),
    context.now(),
  );
  context.world.customers.set(customer.id, customer);
  return { status: 200, body: customer };
}

function createSession(
  _match: string[],
  body: ReturnType<typeof readFormBody>,
  context: ApiContext,
) {
  const { world } = context;
  const form = body.nested;
  if (stringAt(form, 'mode') !== 'subscription') {
    return stripeError(
      400,
      'invalid_request_error',
      'This simulator opens subscription mode only.',
      {
        param: 'mode',
      },
    );
  }
  const priceId = stringAt(form, 'line_items', 0, 'price');
  if (!priceId) return required('line_items[0][price]');
  if (priceId !== world.price.id) return missing('price', priceId, 'line_items[0][price]');
  const successUrl = stringAt(form, 'success_url');
  if (!successUrl) return required('success_url');
  const customer = stringAt(form, 'customer') ?? null;
  if (customer && !world.customers.has(customer)) return missing('customer', customer, 'customer');
  const session = checkoutSessionObject(
    {
      customer,
      customerEmail: stringAt(form, 'customer_email') ?? null,
      clientReferenceId: stringAt(form, 'client_reference_id') ?? null,
      price: world.price,
      successUrl,
      cancelUrl: stringAt(form, 'cancel_url') ?? null,
      subscriptionMetadata: stringMap(form, 'subscription_data', 'metadata'),
    },
    (id) => context.pageUrl('checkout', id),
    context.now(),
  );
  world.sessions.set(session.id, session);
  return { status: 200, body: publicSession(session) };
}

function createPortalSession(
  _match: string[],
  body: ReturnType<typeof readFormBody>,
  context: ApiContext,
) {
  const customer = stringAt(body.nested, 'customer');
  if (!customer) return required('customer');
  if (!context.world.customers.has(customer)) return missing('customer', customer, 'customer');
  const session = portalSessionObject(
    customer,
    stringAt(body.nested, 'return_url') ?? null,
    (id) => context.pageUrl('portal', id),
    context.now(),
  );
  context.world.portalSessions.set(session.id, session);
  return { status: 200, body: session };
}

/**
 * "Cancel a subscription": at once, `customer.subscription.deleted` sent; a subscription canceled
 * before is refused (400) as Stripe refuses it, an unknown one is `resource_missing` (404).
 */
const cancelSubscription: Handler = ([id = ''], _body, context) => {
  const subscription = context.world.subscriptions.get(id);
  if (!subscription) return missing('subscription', id);
  if (subscription.status === 'canceled') {
    return stripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const events = context.world.cancel(subscription, false);
  return { status: 200, body: subscription, events };
};

const reader =
  (what: string, pick: (world: BillingWorld, id: string) => unknown): Handler =>
  ([id = ''], _body, context) => {
    const found = pick(context.world, id);
    if (!found) return missing(what, id);
    return {
      status: 200,
      body: what === 'checkout.session' ? publicSession(found as never) : found,
    };
  };

const ROUTES: readonly { method: string; pattern: RegExp; handle: Handler }[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, handle: createCustomer },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([\w-]+)$/,
    handle: reader('customer', (w, id) => w.customers.get(id)),
  },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: createSession },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([\w-]+)$/,
    handle: reader('checkout.session', (w, id) => w.sessions.get(id)),
  },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, handle: createPortalSession },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions\/([\w-]+)$/,
    handle: reader('subscription', (w, id) => w.subscriptions.get(id)),
  },
  { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([\w-]+)$/, handle: cancelSubscription },
  {
    method: 'GET',
    pattern: /^\/v1\/events\/([\w-]+)$/,
    handle: reader('event', (w, id) => w.events.find((event) => event.id === id)),
  },
];

/**
 * Answers one API request (`path` without its query); POSTs with an Idempotency-Key seen before
 * get the first answer again.
 */
export function answerApi(
  request: {
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | null;
    body: string;
  },
  context: ApiContext,
  replays: Map<string, ApiAnswer>,
  log: RecordedRequest[],
): ApiAnswer {
  const body = readFormBody(request.body);
  log.push({
    method: request.method,
    path: request.path,
    params: Object.fromEntries(body.pairs),
    idempotencyKey: request.idempotencyKey,
  });
  if (request.authorization !== `Bearer ${context.secretKey}`) {
    return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
  }
  const replayKey =
    request.method === 'POST' && request.idempotencyKey
      ? `${request.path}#${request.idempotencyKey}`
      : null;
  const replayed = replayKey ? replays.get(replayKey) : undefined;
  if (replayed) return replayed;
  for (const route of ROUTES) {
    const match = route.pattern.exec(request.path);
    if (!match) continue;
    if (route.method !== request.method) continue;
    const answer = route.handle(match.slice(1), body, context);
    if (replayKey && answer.status < 500) replays.set(replayKey, answer);
    return answer;
  }
  return stripeError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${request.method}: ${request.path}).`,
  );
}
