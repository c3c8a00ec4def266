/**
 * A loopback stand-in for Stripe (docs/api.md "Plans and billing", "Trying billing locally"): the
 * API endpoints the service's adapter calls (api.ts), the test Checkout page and the customer
 * portal for people (pages.ts), and the events of each step sent back signed to the service's
 * webhook (delivery.ts). `npm start` runs it when STRIPE_SECRET_KEY is unset and points
 * STRIPE_API_BASE at it; integration tests drive it through this handle. Written from Stripe's
 * public API reference; it copies no code of Stripe's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiAnswer, answerApi, type RecordedRequest } from './api.ts';
import { createEventSender, type DeliveryLogEntry } from './delivery.ts';
import type { SimulatedEvent, SimulatedPrice, Subscription } from './objects.ts';
import { checkoutPage, portalPage } from './pages.ts';
import { BillingWorld } from './world.ts';

export interface BillingSimulatorOptions {
  port?: number;
  /** Loopback unless asked: the simulator never listens beyond this machine by default. */
  host?: string;
  /** The key the service sends (`Authorization: Bearer …`). */
  secretKey: string;
  /** The endpoint secret events are signed with (the service's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  price: SimulatedPrice;
  /** The service's webhook route, once it listens. */
  webhookUrl: () => string | undefined;
  retryDelaysMs?: readonly number[];
}

export interface BillingSimulatorHandle {
  /** The API base (STRIPE_API_BASE) and the pages' origin. */
  url: string;
  world: BillingWorld;
  /** Every API request received, oldest first. */
  requests: RecordedRequest[];
  /** Every delivery attempt of an event, oldest first. */
  deliveries: DeliveryLogEntry[];
  /** Sends events to the service, in order, signed now. */
  send(events: readonly SimulatedEvent[]): Promise<void>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answerJson(response: ServerResponse, answer: ApiAnswer): void {
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_sim_${Date.now().toString(36)}`,
  });
  response.end(JSON.stringify(answer.body));
}

function answerPage(response: ServerResponse, status: number, page: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(page);
}

function seeOther(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

/** What a portal button does, and the line the page shows after it. */
const PORTAL_ACTIONS: Record<
  string,
  { run: (world: BillingWorld, s: Subscription) => SimulatedEvent[]; done: string }
> = {
  'cancel-later': {
    run: (w, s) => w.cancel(s, true),
    done: 'The subscription cancels at the end of the period.',
  },
  'cancel-now': { run: (w, s) => w.cancel(s, false), done: 'The subscription is cancelled.' },
  'fail-renewal': { run: (w, s) => w.failRenewal(s), done: 'The renewal payment failed (test).' },
  pay: { run: (w, s) => w.payOverdue(s), done: 'The overdue invoice is paid.' },
  unpaid: {
    run: (w, s) => w.markUnpaid(s),
    done: 'The subscription is unpaid: retries ran out (test).',
  },
};

export async function startBillingSimulator(
  options: BillingSimulatorOptions,
): Promise<BillingSimulatorHandle> {
  const world = new BillingWorld(options.price);
  const requests: RecordedRequest[] = [];
  const deliveries: DeliveryLogEntry[] = [];
  const replays = new Map<string, ApiAnswer>();
  const sender = createEventSender({
    secret: options.webhookSecret,
    url: options.webhookUrl,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    onDelivery: (entry) => deliveries.push(entry),
  });
  let baseUrl = '';
  const context = {
    world,
    secretKey: options.secretKey,
    pageUrl: (kind: 'checkout' | 'portal', id: string) =>
      `${baseUrl}${kind === 'checkout' ? '/c/pay/' : '/p/session/'}${id}`,
    now: () => Math.floor(Date.now() / 1000),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (url.pathname.startsWith('/v1/')) {
      const header = request.headers['idempotency-key'];
      const answer = answerApi(
        {
          method,
          path: url.pathname,
          authorization: request.headers.authorization,
          idempotencyKey: typeof header === 'string' ? header : null,
          body,
        },
        context,
        replays,
        requests,
      );
      return answerJson(response, answer);
    }
    const checkout = /^\/c\/pay\/([\w-]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (checkout)
      return handleCheckout(
        checkout[1] ?? '',
        method === 'POST' ? checkout[2] : undefined,
        response,
      );
    const portal = /^\/p\/session\/([\w-]+)(?:\/([\w-]+))?$/.exec(url.pathname);
    if (portal) {
      const action = method === 'POST' ? portal[2] : undefined;
      return handlePortal(portal[1] ?? '', action, new URLSearchParams(body), url, response);
    }
    answerPage(response, 404, 'Not found');
  }

  async function handleCheckout(id: string, action: string | undefined, response: ServerResponse) {
    const session = world.sessions.get(id);
    if (!session) return answerPage(response, 404, 'No such checkout session.');
    const email = session.customer
      ? ((world.customers.get(session.customer)?.email as string | null) ?? null)
      : null;
    if (action === 'pay' && session.status === 'open') {
      await sender.send(world.completeCheckout(session));
      return seeOther(response, session.success_url);
    }
    answerPage(
      response,
      action === 'decline' ? 402 : 200,
      checkoutPage(session, email, action === 'decline'),
    );
  }

  async function handlePortal(
    id: string,
    action: string | undefined,
    form: URLSearchParams,
    url: URL,
    response: ServerResponse,
  ) {
    const portal = world.portalSessions.get(id);
    if (!portal) return answerPage(response, 404, 'No such portal session.');
    const customer = String(portal.customer);
    const subscription = world.subscriptionsOf(customer)[0];
    const step = action ? PORTAL_ACTIONS[action] : undefined;
    if (step && subscription && form.get('subscription') === subscription.id) {
      await sender.send(step.run(world, subscription));
      return seeOther(response, `/p/session/${id}?done=${action}`);
    }
    const invoices = [...world.invoices.values()].filter(
      (invoice) => invoice.customer === customer,
    );
    const done = PORTAL_ACTIONS[url.searchParams.get('done') ?? '']?.done ?? null;
    const email = (world.customers.get(customer)?.email as string | null) ?? null;
    const returnUrl = typeof portal.return_url === 'string' ? portal.return_url : null;
    answerPage(response, 200, portalPage(id, email, subscription, invoices, returnUrl, done));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        answerJson(response, {
          status: 500,
          body: { error: { type: 'api_error', message: String(error) } },
        });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    url: baseUrl,
    world,
    requests,
    deliveries,
    send: (events) => sender.send(events),
    close: () =>
      new Promise<void>((resolve, reject) => {
        sender.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
