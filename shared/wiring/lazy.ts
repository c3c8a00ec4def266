/**
 * The wiring of this process: the settings every composition is built from, and the values built
 * from them once, on first use, so that a function builds only what its area needs and importing
 * a module builds nothing (docs/decisions.md "Explicit wiring (issue 14)").
 *
 * - On Lambda nothing is started explicitly: the first use reads the environment once
 *   (config.ts) and that wiring serves every invocation of the execution environment.
 * - The local stack (and tests through it) starts the wiring with the settings it built, the
 *   emulators' endpoints, its workflow engine and its route invoker; closing it disposes every
 *   value built from those settings (clients, connection pools).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ConnectStep, DnsLookup } from '#shared/adapters/http/guarded-agent';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import { type Config, loadConfig, readEnvironment } from './config.ts';

export interface WiringSettings {
  config: Config;
  /** Starts workflows; without it, Step Functions with the ARNs of the configuration. */
  workflows?: WorkflowStarter;
  /** How MCP tool calls reach their route; without it, Lambda invocations (MCP_TOOL_FUNCTIONS). */
  invokeRoute?: RouteInvoker;
  /**
   * Tests only: resolves webhook receiver names instead of DNS, both when a URL is registered and
   * when a delivery connects (a name can then turn private between the two).
   */
  receiverLookup?: DnsLookup;
  /**
   * The local stack's own base URL once its front listens (port 0 in tests): what the scanner
   * names as its key directory and documentation when PUBLIC_BASE_URL is unset.
   */
  serviceUrl?: () => string | undefined;
  /**
   * Tests only: what every guarded agent (scans, webhook deliveries, offline providers) opens
   * its connections with, instead of sockets: a recorder, so that a refusal test sends nothing.
   */
  connectStep?: ConnectStep;
  /**
   * Benchmarks only: wraps the store's base client before it is used (bench/cost-counts.ts
   * counts the capacity units every call consumes).
   */
  wrapStoreClient?: (client: DynamoDBClient) => DynamoDBClient;
}

interface Built {
  value: unknown;
  dispose: ((value: never) => void) | undefined;
}

interface Wiring {
  settings: WiringSettings;
  values: Map<symbol, Built>;
  /** Started by the local stack, not made from the environment on first use. */
  explicit: boolean;
}

let current: Wiring | undefined;

function dispose(wiring: Wiring): void {
  for (const built of wiring.values.values()) built.dispose?.(built.value as never);
  wiring.values.clear();
}

/** The wiring in use: the one started, or else one made from this process's environment. */
function wiring(): Wiring {
  current ??= {
    settings: { config: loadConfig(readEnvironment()) },
    values: new Map(),
    explicit: false,
  };
  return current;
}

export function wiringSettings(): WiringSettings {
  return wiring().settings;
}

export interface StartedWiring {
  /** Disposes every value built from these settings; the next use starts from scratch. */
  close(): void;
}

/**
 * Makes `settings` the wiring of this process (the local stack). One at a time: a second start
 * before the first is closed is a mistake in the caller and fails.
 */
export function startWiring(settings: WiringSettings): StartedWiring {
  if (current?.explicit) throw new Error('the wiring is already started: close it first');
  if (current) dispose(current);
  const started: Wiring = { settings, values: new Map(), explicit: true };
  current = started;
  return {
    close() {
      dispose(started);
      if (current === started) current = undefined;
    },
  };
}

/**
 * A value built once per wiring, on first use, from its settings; `dispose` runs when the
 * wiring is closed. Defining one builds nothing.
 */
export function lazy<T>(
  build: (settings: WiringSettings) => T,
  dispose?: (value: T) => void,
): () => T {
  const key = Symbol('wired value');
  return () => {
    const active = wiring();
    const known = active.values.get(key);
    if (known) return known.value as T;
    const value = build(active.settings);
    active.values.set(key, { value, dispose: dispose as Built['dispose'] });
    return value;
  };
}
