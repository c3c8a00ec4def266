/**
 * What infra needs to know about each HTTP function, derived from the route manifest so that a
 * new manifest entry gets its function, route and grants without touching infra/. The only
 * hand-written part is the per-route tuning below.
 */
import {
  countsRequestRate,
  FALLBACK_HANDLER,
  type HttpMethod,
  ROUTES,
  type RouteDefinition,
  type RouteOperationId,
} from '#shared/surfaces/api/manifest';

import type { TableAccess } from './grants.ts';

export type { TableAccess } from './grants.ts';

export interface FunctionTuning {
  timeoutSeconds: number;
  memorySize: number;
  /** Extra environment for this function only. */
  environment?: Readonly<Record<string, string>>;
}

export const DEFAULT_TUNING: FunctionTuning = { timeoutSeconds: 10, memorySize: 512 };

/**
 * HTTP API cuts every integration at 30 s, so no route may run longer than 29 s: the last second
 * lets the handler answer before the gateway answers 503 on its behalf.
 */
export const MAX_INTEGRATION_TIMEOUT_SECONDS = 29;

/** The scan fetches the target live within a ~25 s budget, then stores the result; more memory
 * also buys proportionally more CPU for parsing the fetched pages. */
const SCANNING: FunctionTuning = {
  timeoutSeconds: MAX_INTEGRATION_TIMEOUT_SECONDS,
  memorySize: 1024,
  environment: { SCAN_DEADLINE_MS: '25000' },
};
/** Sends one signed delivery at once and waits for the receiver (10 s attempt timeout). */
const TEST_DELIVERY: FunctionTuning = { timeoutSeconds: 20, memorySize: 512 };
/** Reactivating an endpoint releases its held deliveries inline. */
const RELEASING: FunctionTuning = {
  timeoutSeconds: MAX_INTEGRATION_TIMEOUT_SECONDS,
  memorySize: 512,
};

/**
 * An access-log upload inflates and hashes up to 200 MB and writes the 6 MB body in parts: more
 * memory buys the CPU for that, well inside the integration's 29 s.
 */
const UPLOADING: FunctionTuning = {
  timeoutSeconds: MAX_INTEGRATION_TIMEOUT_SECONDS,
  memorySize: 1769,
};

/** Per-route tuning; a dashboard form gets the same as its API twin. */
export const ROUTE_TUNING: Partial<Record<RouteOperationId, FunctionTuning>> = {
  scan_domain: SCANNING,
  verify_scan: SCANNING,
  dashboard_run_scan: SCANNING,
  dashboard_verify_scan: SCANNING,
  dashboard_home_scan: SCANNING,
  test_webhook: TEST_DELIVERY,
  dashboard_test_webhook: TEST_DELIVERY,
  update_webhook: RELEASING,
  dashboard_update_webhook: RELEASING,
  upload_agent_log: UPLOADING,
  dashboard_upload_agent_log: UPLOADING,
};

export interface HttpFunctionSpec {
  /** Manifest operation id, or `fallback` for the `$default` route. */
  operationId: string;
  /** PascalCase base of every construct id of this function (stable logical ids). */
  constructId: string;
  /** `METHOD /path` as API Gateway writes it, or `$default`. */
  routeKey: string;
  method?: HttpMethod;
  path?: string;
  /** Handler module, relative to the repository root. */
  entry: string;
  /**
   * Its directory under `functions/http/` (`areaOfEntry`): the nested stack that holds the
   * function and the log group it writes to.
   */
  area: string;
  access: TableAccess;
  /** A read-only function that counts its key's requests (UpdateItem on `RATE#` items only). */
  countsRequests: boolean;
  tuning: FunctionTuning;
  description: string;
  /** Workflows it starts and whether it publishes events (from the route manifest). */
  starts: readonly string[];
  publishesEvents: boolean;
  /** Queues of the queue manifest it sends work to (from the route manifest). */
  enqueues: readonly string[];
  sendsMail: boolean;
  /** Reads the scanner's signing keys: it scans (signed requests) or serves the key directory. */
  signingKeys: boolean;
  /** Calls Stripe (`provider`: its settings and its secret) or reads its settings only. */
  payments: 'provider' | 'settings' | null;
}

/** Routes that run a scan; the discovery routes serve the key directory. */
const SCANNING_ROUTES: ReadonlySet<string> = new Set([
  'scan_domain',
  'verify_scan',
  'dashboard_run_scan',
  'dashboard_verify_scan',
]);

/**
 * Table access a route gets. A route that accepts a bearer key (auth `optional` or `required`)
 * reads the key item even when its own work needs no table, so it gets at least `read`.
 */
export function tableAccessFor(route: Pick<RouteDefinition, 'auth' | 'data'>): TableAccess {
  if (route.data === 'none' && route.auth !== 'none') return 'read';
  return route.data;
}

/**
 * The area of a handler module: its directory under `functions/http/`
 * (`functions/http/scans/get-scan.ts` -> `scans`); a module directly under `functions/http/` (the
 * fallback) is in `front`. The API stack builds one nested stack and one log group per area, so a
 * route whose module lies in an area's directory, or in a new directory, needs no change in
 * infra/ (docs/decisions.md "API stack split (this round)").
 */
export function areaOfEntry(entry: string): string {
  const [area, ...rest] = entry.replace(/^functions\/http\//, '').split('/');
  return rest.length > 0 && area ? area : 'front';
}

/** `scan_domain` -> `ScanDomain`. */
export function constructIdFor(operationId: string): string {
  return operationId
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

export const DEFAULT_ROUTE_KEY = '$default';

export const HTTP_FUNCTIONS: readonly HttpFunctionSpec[] = [
  ...(ROUTES as readonly RouteDefinition[]).map(
    (route): HttpFunctionSpec => ({
      operationId: route.operationId,
      constructId: constructIdFor(route.operationId),
      routeKey: `${route.method} ${route.path}`,
      method: route.method,
      path: route.path,
      entry: route.handler,
      area: areaOfEntry(route.handler),
      access: tableAccessFor(route),
      countsRequests: countsRequestRate(route) && tableAccessFor(route) === 'read',
      tuning: ROUTE_TUNING[route.operationId as RouteOperationId] ?? DEFAULT_TUNING,
      description: `${route.method} ${route.path}: ${route.summary}`,
      starts: route.starts ?? [],
      publishesEvents: route.publishesEvents === true,
      enqueues: route.enqueues ?? [],
      sendsMail: route.sendsMail === true,
      signingKeys: SCANNING_ROUTES.has(route.operationId) || route.area === 'discovery',
      payments: route.payments ?? null,
    }),
  ),
  {
    operationId: 'fallback',
    constructId: 'Fallback',
    routeKey: DEFAULT_ROUTE_KEY,
    entry: FALLBACK_HANDLER,
    area: areaOfEntry(FALLBACK_HANDLER),
    // Unmatched requests get a 404/405 envelope computed from the manifest alone.
    access: 'none',
    countsRequests: false,
    tuning: DEFAULT_TUNING,
    description: 'Unmatched requests ($default): 404 / 405 envelopes',
    starts: [],
    publishesEvents: false,
    enqueues: [],
    signingKeys: false,
    sendsMail: false,
    payments: null,
  },
];

/** The scanner's key-set secret, for the functions that scan or serve the key directory. */
export function signingKeysEnvironment(
  spec: HttpFunctionSpec,
  secretArn: string,
): Record<string, string> {
  return spec.signingKeys ? { SIGNING_KEYS_SECRET_ARN: secretArn } : {};
}

/** What a deployment's payments are (CDK context `stripePricePro`, `stripeApiBase`, `billingGraceDays`). */
export interface PaymentSettings {
  pricePro?: string | undefined;
  apiBase?: string | undefined;
  graceDays?: number | undefined;
}

/**
 * The Stripe settings of a function that calls Stripe or reads its settings: the secret's ARN
 * (never its values), the Pro price, the API base and the grace period, as set.
 */
export function paymentEnvironment(
  spec: HttpFunctionSpec,
  secretArn: string,
  settings: PaymentSettings,
): Record<string, string> {
  return spec.payments ? stripeEnvironment(secretArn, settings) : {};
}

/** The Stripe settings a function that calls Stripe gets (a route, or the erasure's step). */
export function stripeEnvironment(
  secretArn: string,
  settings: PaymentSettings,
): Record<string, string> {
  return {
    STRIPE_SECRETS_ARN: secretArn,
    ...(settings.pricePro ? { STRIPE_PRICE_PRO: settings.pricePro } : {}),
    ...(settings.apiBase ? { STRIPE_API_BASE: settings.apiBase } : {}),
    ...(settings.graceDays !== undefined ? { BILLING_GRACE_DAYS: String(settings.graceDays) } : {}),
  };
}
