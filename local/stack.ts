/**
 * The embedded local stack (docs/architecture.md, "Local stack") in one process: dynalite
 * (DynamoDB), fauxqs (SQS) with a poller per queue, aws-local-stepfunctions running the real ASL
 * files, the HTTP front, and the provider simulator, all serving the same handler modules as
 * Lambda. Used by `npm start` and by the integration tests. At start it resumes the work the store
 * says is unfinished, so stopping the stack loses no accepted job. It configures the service by
 * starting the wiring with the settings it builds (this environment, the options' variables and
 * the emulators' endpoints), never by changing the process environment
 * (docs/decisions.md "Explicit wiring (issue 14)"); the one variable it sets is the platform's
 * own, which Lambda's runtime sets on AWS (`emulateConcurrentRuntime`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectStep, DnsLookup } from '#shared/adapters/http/guarded-agent';
import type { OutboxEntry } from '#shared/adapters/mail/outbox';
import { escapeControlCharacters } from '#shared/adapters/powertools/logger';
import { describeProviderSetup, simulatedProviderEnv } from '#shared/adapters/providers/config';
import { resumeAccountJobs } from '#shared/domain/accounts/account-jobs';
import { resumeOpenJobs } from '#shared/domain/batch/steps';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { SWEEP_INTERVAL_MS, sweepAbandonedScans } from '#shared/domain/scans/sweep';
import { resumeOpenDeliveries } from '#shared/domain/webhooks/deliveries';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getBatchStore } from '#shared/wiring/batch';
import { type Config, type Environment, loadConfig, readEnvironment } from '#shared/wiring/config';
import { type StartedWiring, startWiring, type WiringSettings } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getOutbox } from '#shared/wiring/mail';
import { allCaseProfiles } from '#shared/wiring/monitor';
import { startMonitorBackground } from '#shared/wiring/monitor-background';
import { getClock } from '#shared/wiring/platform';
import { getSigningKeySource } from '#shared/wiring/scanner-identity';
import { getScanWriteDeps } from '#shared/wiring/scans';
import { getWebhookStore } from '#shared/wiring/webhooks';
import { startStackBilling } from './billing-simulator/for-stack.ts';
import type { BillingSimulatorHandle } from './billing-simulator/server.ts';
import { createLocalDynamoClient, ensureTable, startDynalite } from './dynamo-local.ts';
import { startHttpFront } from './http-front.ts';
import { invokeLocal } from './lambda-runtime.ts';
import { startLocalQueues } from './queues.ts';
import { simulatorOptionsFromEnv } from './simulator/options.ts';
import type { SimulatorScenario } from './simulator/scenario.ts';
import { type SimulatorHandle, startSimulator } from './simulator/server.ts';
import { createLocalWorkflowEngine, type LocalWorkflowEngine } from './workflows/engine.ts';

export interface LocalStackOptions {
  port?: number;
  host?: string;
  /** Folder for the store; `null` keeps everything in memory (tests). */
  dataDir?: string | null;
  /** Variables over this process's environment (ALLOW_PRIVATE_TARGETS, ADMIN_EMAILS, ...). */
  env?: Record<string, string>;
  /** Tests only: resolve webhook receiver names with this instead of DNS (wiring/lazy.ts). */
  receiverLookup?: DnsLookup;
  /** Tests only: every guarded agent connects through this recorder, not sockets (wiring/lazy.ts). */
  connectStep?: ConnectStep;
  /** Tests only: the remaining time the front gives each function (30 s; issue 36, point 10). */
  functionTimeoutMs?: number;
  /** Benchmarks only: wraps the store's client (bench/cost-meter.ts counts capacity units). */
  wrapStoreClient?: WiringSettings['wrapStoreClient'];
}

export interface LocalStack {
  baseUrl: string;
  dynamoEndpoint: string;
  sqsEndpoint: string;
  tableName: string;
  /** The configuration the stack started the service's wiring with. */
  config: Config;
  /**
   * The variables that configuration was read from (this environment, the options' variables,
   * the emulators' endpoints): what the shell of an operator's tool beside the stack holds.
   */
  variables: Environment;
  /** Per model family: the real provider (an API key is set) or the local simulator. */
  providers: Record<ProviderFamily, 'real' | 'simulated'>;
  /** Base URL of the provider simulator, when any family is simulated. */
  simulatorUrl: string | undefined;
  /**
   * Tests and demos: what changed in the simulated world (local/simulator/scenario.ts), when any
   * family is simulated; a no-op otherwise.
   */
  setSimulatorScenario(scenario: SimulatorScenario | null): void;
  /** Payments: a real Stripe (STRIPE_SECRET_KEY set) or the bundled billing simulator. */
  billing: 'stripe' | 'simulated';
  /** The billing simulator, when payments are simulated (tests drive it). */
  billingSimulator: BillingSimulatorHandle | undefined;
  workflows: LocalWorkflowEngine;
  /** Jobs found unfinished in the store at start and started again. */
  resumed: {
    batchJobs: string[];
    deliveries: string[];
    monitorRuns: string[];
    /** Exports (their ids) and erasures (their accounts' ids) not finished at the last stop. */
    accountJobs: string[];
  };
  /**
   * Tests and benchmarks only: serves with `overrides` over the stack's variables (fault
   * injection) and `settings` over its wiring settings (another route invoker) until the returned
   * function is called, which restores the stack's own.
   */
  rewire(overrides: Record<string, string>, settings?: RewiredSettings): () => void;
  close(): Promise<void>;
}

export type RewiredSettings = Partial<Omit<WiringSettings, 'config'>>;

/** Written under DATA_DIR so the operator CLI can reach the running stack's store. */
export const STACK_FILE = 'stack.json';

function timeScaleFrom(variables: Environment): number {
  const raw = variables.WORKFLOW_TIME_SCALE ?? '1';
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
    throw new Error(`WORKFLOW_TIME_SCALE must be a number in (0, 1], got "${raw}"`);
  }
  return scale;
}

async function startStore(dataDir: string | null, base: Config) {
  const dynamo = await startDynalite(dataDir ? join(dataDir, 'dynamodb') : null);
  const client = createLocalDynamoClient(dynamo.endpoint, { region: base.AWS_REGION });
  await ensureTable(client, base.TABLE_NAME);
  client.destroy();
  return dynamo;
}

async function startProviders(variables: Environment) {
  // Model families without an API key talk to the bundled, wire-compatible simulator.
  const setup = describeProviderSetup(variables);
  const providers = Object.fromEntries(
    Object.values(setup).map((family) => [family.family, family.mode]),
  ) as LocalStack['providers'];
  const simulator = Object.values(providers).includes('simulated')
    ? // As the monitor backend it answers each case's prompts about that case (the store's cases).
      await startSimulator({ ...simulatorOptionsFromEnv(variables), caseSource: allCaseProfiles })
    : undefined;
  // The keyless families' variables point at the simulator in this stack's configuration only.
  const pointed = simulator ? simulatedProviderEnv(variables, simulator.url) : {};
  return { providers, simulator, pointed };
}

/**
 * No mail leaves the machine: the local outbox's messages (the dashboard's sign-in links) are
 * printed on the stack's output instead, unless logs are silenced (tests read the outbox).
 */
function mailPrinter(config: Config): (entry: OutboxEntry) => void {
  return (entry) => {
    if (config.LOG_LEVEL === 'SILENT') return;
    // Plain-text lines: every control character escaped, as the JSON log lines have them.
    const body = entry.text
      .split('\n')
      .map((line) => `  ${escapeControlCharacters(line)}`)
      .join('\n');
    const head = escapeControlCharacters(`[outbox] mail to ${entry.to}: ${entry.subject}`);
    process.stdout.write(`\n${head}\n${body}\n\n`);
  };
}

/** Tool calls of the MCP server reach their REST route's handler in process. */
const invokeRouteInProcess: RouteInvoker = (route, event) =>
  invokeLocal(route.handler, event, {
    functionName: route.operationId,
    requestId: event.requestContext.requestId,
    invoker: { kind: 'function' },
  });

/** Starts again what the store says is unfinished (batch jobs, deliveries, monitor runs). */
async function resumeWork(workflows: LocalWorkflowEngine, config: Config) {
  // Scans saved just before a crash get their stats count and event now, once (issue 18). This
  // goes before the jobs resume: a resumed row finds its scan settled instead of settling it at
  // the same time as this (two settlers of one scan could count it twice, docs/decisions.md).
  const logger = getLogger();
  const settledScans = await getScanWriteDeps().scanner.settleUnsettled();
  if (settledScans.length > 0) logger.info('settled unfinished scans', { scans: settledScans });
  // Then, as the sweep schedule does on AWS: a scan whose event could not be sent stays unsettled.
  const sweep = setInterval(() => {
    sweepAbandonedScans(getScanWriteDeps().scanner, getClock().now()).catch((error: unknown) =>
      getLogger().warn('scan sweep failed', { error: error as Error }),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const batchJobs = await resumeOpenJobs({
    store: getBatchStore(),
    workflows,
    concurrency: config.batch.concurrency,
  });
  if (batchJobs.length > 0) logger.info('resumed unfinished batch jobs', { jobs: batchJobs });
  const deliveries = await resumeOpenDeliveries({ store: getWebhookStore(), workflows, logger });
  const accountJobs = await resumeAccountJobs(getAccountJobDeps());
  if (accountJobs.length > 0) logger.info('resumed account exports and erasures', { accountJobs });
  // Unfinished monitor runs resume; the monthly schedule runs in process (docs/monitor.md).
  const monitor = await startMonitorBackground();
  return {
    batchJobs,
    deliveries,
    accountJobs,
    monitor,
    stopSweep: () => clearInterval(sweep),
  };
}

function writeStackFile(dataDir: string | null, contents: Record<string, unknown>) {
  if (!dataDir) return undefined;
  const stackFile = join(dataDir, STACK_FILE);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(stackFile, `${JSON.stringify(contents, null, 2)}\n`);
  return stackFile;
}

/** The emulators, and the service's configuration once their endpoints are known. */
async function startEmulators(
  dataDir: string | null,
  variables: Environment,
  serviceUrl: () => string | undefined,
) {
  // Checked before anything starts: a bad variable (WEBHOOK_RETRY_DELAYS_S, ...) stops it here.
  const base = loadConfig(variables);
  const timeScale = timeScaleFrom(variables);
  const dynamo = await startStore(dataDir, base);
  const queues = await startLocalQueues({
    dataDir: dataDir ? join(dataDir, 'sqs') : null,
    timeScale,
    logger: getLogger,
  });
  const { providers, simulator, pointed } = await startProviders(variables);
  const billing = await startStackBilling(variables, serviceUrl);
  const serviceVariables: Environment = {
    ...variables,
    ...pointed,
    ...billing.pointed,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: queues.endpoint,
    // Each queue's URL in the variable its manifest entry names (EVENTS_QUEUE_URL, ...).
    ...Object.fromEntries(QUEUES.map((queue) => [queue.urlEnv, queues.urls[queue.name]])),
    // The scanner's signing keys live beside the store (signing-keys.json).
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  return { dynamo, queues, providers, simulator, billing, timeScale, serviceVariables };
}

/**
 * Sets the one variable the stack writes into the environment, as Lambda's runtime sets it for a
 * function that serves concurrent invocations: Powertools reads it from the process environment
 * (there is no option) to keep each invocation's log state, such as its request id, apart when
 * one local process serves many requests at once (lambda-runtime.ts runs each in its own scope).
 */
function emulateConcurrentRuntime(): void {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
}

/**
 * Starts the service's wiring with the stack's settings; `rewire` swaps in other variables (a
 * fault-injection test) until the function it returns restores the stack's own. Each wiring's
 * outbox is printed on the stack's output (closing a wiring drops its listener).
 */
function wireService(settings: WiringSettings, variables: Environment) {
  const start = (wired: WiringSettings): StartedWiring => {
    const started = startWiring(wired);
    getOutbox().subscribe(mailPrinter(settings.config));
    return started;
  };
  let wiring = start(settings);
  return {
    rewire(overrides: Record<string, string>, swapped: RewiredSettings = {}): () => void {
      wiring.close();
      const config = loadConfig({ ...variables, ...overrides });
      wiring = start({ ...settings, ...swapped, config });
      return () => {
        wiring.close();
        wiring = start(settings);
      };
    },
    close: () => wiring.close(),
  };
}

/** The simulator's address and its scenario switch, for the stack's callers (tests, demos). */
function simulatorControls(simulator: SimulatorHandle | undefined) {
  return {
    simulatorUrl: simulator?.url,
    setSimulatorScenario: (scenario: SimulatorScenario | null) => simulator?.setScenario(scenario),
  };
}

/** The stack's own URL, known once the front listens (port 0 in tests). */
function ownUrlHolder() {
  let url: string | undefined;
  return {
    get: () => url,
    set: (value: string) => {
      url = value;
    },
  };
}

/**
 * The HTTP front, and the scanner's first signing key (made on first start, kept under
 * DATA_DIR), which names its key directory on the front's URL.
 */
async function startFront(
  options: LocalStackOptions,
  config: Config,
  setOwnUrl: (url: string) => void,
) {
  const host = options.host ?? '127.0.0.1';
  const front = await startHttpFront({
    port: options.port ?? 0,
    host,
    allowedHosts: config.ALLOWED_HOSTS,
    ...(options.functionTimeoutMs ? { functionTimeoutMs: options.functionTimeoutMs } : {}),
  });
  const baseUrl = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${front.port}`;
  setOwnUrl(baseUrl);
  await getSigningKeySource().current();
  return { front, baseUrl };
}

/** The service over the emulators: its configuration, the workflow engine and the wiring. */
function startService(
  emulators: Awaited<ReturnType<typeof startEmulators>>,
  options: LocalStackOptions,
  serviceUrl: () => string | undefined,
) {
  const config = loadConfig(emulators.serviceVariables);
  const workflows = createLocalWorkflowEngine({
    timeScale: emulators.timeScale,
    logger: getLogger,
  });
  const wiring = wireService(
    {
      config,
      workflows,
      invokeRoute: invokeRouteInProcess,
      serviceUrl,
      ...(options.receiverLookup ? { receiverLookup: options.receiverLookup } : {}),
      ...(options.connectStep ? { connectStep: options.connectStep } : {}),
      ...(options.wrapStoreClient ? { wrapStoreClient: options.wrapStoreClient } : {}),
    },
    emulators.serviceVariables,
  );
  return { config, workflows, wiring };
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = options.dataDir === undefined ? '.data' : options.dataDir;
  const variables: Environment = { ...readEnvironment(), ...options.env };
  emulateConcurrentRuntime();
  const own = ownUrlHolder();
  const emulators = await startEmulators(dataDir, variables, own.get);
  const { dynamo, queues, simulator, billing, serviceVariables } = emulators;
  const { config, workflows, wiring } = startService(emulators, options, own.get);
  const { front, baseUrl } = await startFront(options, config, own.set);
  const { batchJobs, deliveries, accountJobs, monitor, stopSweep } = await resumeWork(
    workflows,
    config,
  );
  const stackFile = writeStackFile(dataDir, {
    pid: process.pid,
    base_url: baseUrl,
    dynamodb_endpoint: dynamo.endpoint,
    table_name: config.TABLE_NAME,
    // The providers CLI asks the running stack's simulator for keyless families (issue 36).
    ...(simulator ? { simulator_url: simulator.url } : {}),
  });
  return {
    baseUrl,
    dynamoEndpoint: dynamo.endpoint,
    sqsEndpoint: queues.endpoint,
    tableName: config.TABLE_NAME,
    config,
    variables: serviceVariables,
    providers: emulators.providers,
    ...simulatorControls(simulator),
    billing: billing.mode,
    billingSimulator: billing.simulator,
    workflows,
    resumed: { batchJobs, deliveries, monitorRuns: monitor.resumed, accountJobs },
    rewire: wiring.rewire,
    async close() {
      monitor.stop();
      stopSweep();
      await front.close();
      await workflows.close();
      await queues.close();
      await simulator?.close();
      await billing.simulator?.close();
      // The store goes first: a task the stop cut off (a scan in flight) must not record a
      // failure caused by the stop itself; it runs again when the stack resumes its job.
      await dynamo.close();
      wiring.close();
      if (stackFile) rmSync(stackFile, { force: true });
    },
  };
}
