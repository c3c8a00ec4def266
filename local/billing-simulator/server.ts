/**
 * A loopback stand-in for Stripe (docs/api.md "Plans and billing", "Trying billing locally"): the
 * API endpoints the service's adapter calls (api.ts), the test Checkout page and the customer
 * portal for people (pages.ts), and the events of each step sent back signed to the service's
 * webhook (delivery.ts). `npm start` runs it when STRIPE_SECRET_KEY is unset and points
 * STRIPE_API_BASE at it; integration tests drive it through this handle. Written from Stripe's
 * public API reference; it copies no code of Stripe's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiAnswer, type ApiContext, answerApi, type RecordedRequest } from './api.ts';
import { createEventSender, type DeliveryLogEntry } from './delivery.ts';
import type { SimulatedEvent, SimulatedPrice } from './objects.ts';
import { answerPage, handleCheckout, handlePortal, type People } from './people.ts';
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

/**
 * A fault a test injects into the API (mocks only inject faults): `fail` answers 500 without
 * acting, as Stripe's own outages do; `hold` acts and never answers (until the simulator closes),
 * as when the caller's process dies between Stripe's effect and its own next write.
 */
export interface SimulatorFault {
  method: string;
  path: RegExp;
  kind: 'fail' | 'hold';
  /** How many matching requests it hits. */
  times: number;
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
  /** Injects a fault into the API's next matching requests. */
  injectFault(fault: SimulatorFault): void;
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

/** What one simulator's requests are answered from. */
interface SimulatorState extends People {
  api: ApiContext;
  replays: Map<string, ApiAnswer>;
  requests: RecordedRequest[];
  faults: SimulatorFault[];
}

/** The fault that hits this request, counted down; undefined when none does. */
function faultFor(state: SimulatorState, method: string, path: string) {
  const fault = state.faults.find(
    (entry) => entry.times > 0 && entry.method === method && entry.path.test(path),
  );
  if (fault) fault.times -= 1;
  return fault;
}

/** Answers an API request (or a fault's answer), then sends the events it made. */
function answerApiRequest(
  state: SimulatorState,
  call: Parameters<typeof answerApi>[0],
  response: ServerResponse,
): void {
  const fault = faultFor(state, call.method, call.path);
  if (fault?.kind === 'fail') {
    state.requests.push({ method: call.method, path: call.path, params: {}, idempotencyKey: null });
    answerJson(response, {
      status: 500,
      body: { error: { type: 'api_error', message: 'Simulated outage (test fault).' } },
    });
    return;
  }
  const answer = answerApi(call, state.api, state.replays, state.requests);
  // A held answer: the effect happened, the caller never hears of it.
  if (fault?.kind !== 'hold') answerJson(response, answer);
  if (answer.events?.length) {
    state.sender.send(answer.events).catch(() => {
      // Delivery failures are in the deliveries log; Stripe's own sending is detached too.
    });
  }
}

async function route(
  state: SimulatorState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://simulator');
  const method = request.method ?? 'GET';
  const body = await readBody(request);
  if (url.pathname.startsWith('/v1/')) {
    const header = request.headers['idempotency-key'];
    const call = {
      method,
      path: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey: typeof header === 'string' ? header : null,
      body,
    };
    return answerApiRequest(state, call, response);
  }
  const checkout = /^\/c\/pay\/([\w-]+)(?:\/(pay|decline))?$/.exec(url.pathname);
  if (checkout) {
    const action = method === 'POST' ? checkout[2] : undefined;
    return handleCheckout(state, checkout[1] ?? '', action, response);
  }
  const portal = /^\/p\/session\/([\w-]+)(?:\/([\w-]+))?$/.exec(url.pathname);
  if (portal) {
    const action = method === 'POST' ? portal[2] : undefined;
    return handlePortal(state, portal[1] ?? '', action, new URLSearchParams(body), url, response);
  }
  answerPage(response, 404, 'Not found');
}

function listen(state: SimulatorState, options: BillingSimulatorOptions): Promise<Server> {
  const server = createServer((request, response) => {
    route(state, request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      answerJson(response, {
        status: 500,
        body: { error: { type: 'api_error', message: String(error) } },
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(server)),
  );
}

export async function startBillingSimulator(
  options: BillingSimulatorOptions,
): Promise<BillingSimulatorHandle> {
  const world = new BillingWorld(options.price);
  const deliveries: DeliveryLogEntry[] = [];
  const sender = createEventSender({
    secret: options.webhookSecret,
    url: options.webhookUrl,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    onDelivery: (entry) => deliveries.push(entry),
  });
  let baseUrl = '';
  const state: SimulatorState = {
    world,
    sender,
    replays: new Map(),
    requests: [],
    faults: [],
    api: {
      world,
      secretKey: options.secretKey,
      pageUrl: (kind, id) => `${baseUrl}${kind === 'checkout' ? '/c/pay/' : '/p/session/'}${id}`,
      now: () => Math.floor(Date.now() / 1000),
    },
  };
  const server = await listen(state, options);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    world,
    requests: state.requests,
    deliveries,
    send: (events) => sender.send(events),
    injectFault: (fault) => state.faults.push({ ...fault }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        sender.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
