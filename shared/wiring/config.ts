/**
 * Service configuration: the one module that reads the process environment. `loadConfig` turns
 * a set of variables into one typed, validated object (zod; every problem names its variable),
 * so a typo in a deployment fails at start with a clear message instead of at the first request.
 * Lambda reads its own environment once per cold start (wiring/lazy.ts); the local stack builds
 * its variables from this environment plus the emulators' endpoints and passes the result in
 * (docs/decisions.md "Explicit wiring (issue 14)"). Each area's settings are parsed by the
 * area's own reader (monitor, webhooks, sessions, providers, plans); only the wiring calls them.
 */

import { z } from 'zod';
import { loadProvidersConfig, type ProvidersConfig } from '#shared/adapters/providers/config';
import {
  type BillingConfig,
  isLoopbackUrl,
  loadBillingConfig,
} from '#shared/adapters/stripe/config';
import type { Plan } from '#shared/domain/accounts/ports';
import {
  type SessionSettings,
  sessionSettingsFrom,
} from '#shared/domain/accounts/session-settings';
import { BATCH_CHUNK_SIZE } from '#shared/domain/batch/workflow';
import { type PlanLimits, planLimitsFrom } from '#shared/domain/kernel/plans';
import { WORKFLOW_NAMES, type WorkflowName } from '#shared/domain/kernel/workflow-port';
import { parseRateLimits, type RateLimits } from '#shared/domain/monitor/budget/limits';
import { loadMonitorConfig, type MonitorConfig } from '#shared/domain/monitor/config';
import { loadWebhookConfig, type WebhookConfig } from '#shared/domain/webhooks/config';
import { stateMachineArnEnv } from '#shared/surfaces/workflows/manifest';

/** Variables by name, as a process environment holds them. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A copy of this process's environment: the only read of `process.env` in shared/. */
export function readEnvironment(): Environment {
  return { ...process.env };
}

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * OFFLINE_DNS alone, read as the configuration reads it: for a command that needs no other
 * setting (`npm run providers`). A value that is not a flag is refused, as by `loadConfig`.
 */
export function offlineDnsIn(env: Environment): boolean {
  return booleanFlag.parse(env.OFFLINE_DNS);
}

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0),
  );

/** An origin as a browser sends it (`scheme://host[:port]`), or undefined for anything else. */
function originOf(entry: string): string | undefined {
  const url = URL.parse(entry);
  const bare =
    url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && /^https?:$/.test(url.protocol) ? url.origin : undefined;
}

/**
 * Comma-separated web origins, each kept as the URL parser writes an origin, so that
 * `HTTPS://App.Example:443/` and `https://app.example` are one entry.
 */
const originList = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim())) {
      if (entry === '') continue;
      const origin = originOf(entry);
      if (origin) origins.push(origin);
      else
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not an origin such as https://app.example`,
        });
    }
    return origins;
  });

const ConfigSchema = z.object({
  TABLE_NAME: z.string().min(3).default('agent-readiness'),
  /**
   * The provider budget's own table (docs/monitor.md "One budget per provider account"): set by
   * CDK on the lane functions, created by the local stack.
   */
  BUDGET_TABLE_NAME: z.string().min(3).default('agent-readiness-budget'),
  /** Set by the local stack (dynalite); unset on AWS, where the SDK finds the regional endpoint. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  /** Set by the local stack (fauxqs); unset on AWS. */
  SQS_ENDPOINT: z.url().optional(),
  /** The events queue (set by CDK, and by the local stack). */
  EVENTS_QUEUE_URL: z.url().optional(),
  /** The queue of uploaded access logs to process (set by CDK, and by the local stack). */
  AGENT_LOGS_QUEUE_URL: z.url().optional(),
  /** Public base URL of the service (no trailing slash); derived from the request when unset. */
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  /** Comma-separated e-mail addresses whose keys may carry `monitor:admin`. */
  ADMIN_EMAILS: commaList,
  /**
   * Host names (`name` for any port, `name:port` for one) the local front answers for besides
   * loopback names; any other Host gets 421 (local/http-front.ts). A Host listed with its port
   * may also be echoed into links when PUBLIC_BASE_URL is unset; links never name other hosts.
   */
  ALLOWED_HOSTS: commaList,
  /**
   * Web origins, besides the service's own (and loopback ones on the local stack), whose pages
   * may call the tool server (/api/mcp); a request with any other Origin gets 403. Desktop and
   * command-line MCP clients send no Origin.
   */
  MCP_ALLOWED_ORIGINS: originList,
  /** Set by Lambda itself: present on AWS, absent on the local stack. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  /**
   * How long a verified API key is trusted without reading the store again; a revoked key stops
   * working within this time (at once when revoked through this process).
   */
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Requests one API key may send per minute (fixed windows; docs/api.md "Rate limits"); past it,
   * 429 `rate_limited` with Retry-After. 0 turns the per-key limit off.
   */
  KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * Nothing leaves the machine (tests, benchmarks, offline demos): names resolve only to
   * loopback (`localhost`), every other name as unknown, without a DNS query; every outbound
   * connection (scans, webhook deliveries, provider calls) goes to a loopback address or is
   * refused, whatever the spelling of the target (address-policy.ts `loopbackOnly`); mail stays
   * in the outbox (MAIL_TRANSPORT=ses is refused beside it).
   */
  OFFLINE_DNS: booleanFlag,
  /** Lets scans reach loopback and private addresses: tests and the local demo only. */
  ALLOW_PRIVATE_TARGETS: booleanFlag,
  /**
   * Name lookups a process runs at once for scans, shared round-robin between scans, each with
   * its own cache (shared/adapters/http/dns-scheduler.ts). The libuv pool has 4 threads.
   */
  DNS_LOOKUP_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  ANONYMOUS_SCANS_PER_DAY: z.coerce.number().int().min(0).default(3),
  SCAN_DEADLINE_MS: z.coerce.number().int().min(1000).max(60_000).default(25_000),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  /**
   * The deployment stage (set by CDK from its `stage` context; `local` for the local stack): the
   * `stage` dimension of every business metric (docs/runbook.md).
   */
  STAGE: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,19}$/)
    .default('local'),
  /** Set by the Lambda runtime (`AWS_Lambda_nodejs24.x`): with it, the process sends traces. */
  AWS_EXECUTION_ENV: z.string().optional(),
  /** Set by `sam local`, where no X-Ray daemon listens. */
  AWS_SAM_LOCAL: z.string().optional(),
  /** Powertools' own switch: `false` turns tracing off on Lambda. */
  POWERTOOLS_TRACE_ENABLED: z.string().optional(),
  /** Scans one batch job runs at once (the Map state's MaxConcurrency). */
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(40).default(5),
  /** Rows per child execution of a batch job; smaller only in tests (domain/batch/workflow.ts). */
  BATCH_CHUNK_SIZE: z.coerce.number().int().min(1).max(BATCH_CHUNK_SIZE).default(BATCH_CHUNK_SIZE),
  /** Function names per MCP tool (operation id), JSON; set by CDK for the MCP function. */
  MCP_TOOL_FUNCTIONS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(value ?? '{}'));
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object of function names' });
        return z.NEVER;
      }
    }),
  /**
   * Where the local stack keeps its data (`npm start`: .data); the scanner's signing keys live in
   * `signing-keys.json` there. Unset in tests without a data folder (keys in memory) and on AWS.
   */
  DATA_DIR: z.string().min(1).optional(),
  /** On AWS: the Secrets Manager secret holding the scanner's signing key set (docs/deploy.md). */
  SIGNING_KEYS_SECRET_ARN: z.string().optional(),
  /** How long a process signs with the key set it read before reading it again (a rotation). */
  SIGNING_KEYS_REFRESH_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** On AWS: the Secrets Manager secret holding the model API keys (monitor-providers.ts). */
  PROVIDER_KEYS_SECRET_ARN: z.string().optional(),
  /** The role credentials Lambda puts in the environment (signing SES requests). */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

/**
 * Which mail port a process uses. MAIL_TRANSPORT `outbox` (the default off AWS) keeps every
 * message in the process for the local stack to print; `ses` (the default on Lambda) sends
 * through Amazon SES from MAIL_FROM, a verified SES identity. On Lambda the outbox is never the
 * default: a sign-in link must not end up in a log.
 */
const MailConfigSchema = z.object({
  MAIL_TRANSPORT: z.enum(['outbox', 'ses']).optional(),
  MAIL_FROM: z.string().optional(),
  SES_REGION: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});

export type MailTransport = 'outbox' | 'ses';

export interface MailSettings {
  transport: MailTransport;
  /** Required when the transport is `ses`; checked when the first mail is sent. */
  from: string | undefined;
  region: string;
}

function mailSettingsFrom(env: Environment): MailSettings {
  const result = MailConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid mail configuration: ${problems.join('; ')}`);
  }
  const parsed = result.data;
  return {
    transport: parsed.MAIL_TRANSPORT ?? (parsed.AWS_LAMBDA_FUNCTION_NAME ? 'ses' : 'outbox'),
    from: parsed.MAIL_FROM,
    region: parsed.SES_REGION ?? parsed.AWS_REGION,
  };
}

export function mailTransportOf(env: Environment): MailTransport {
  return mailSettingsFrom(env).transport;
}

export type Config = z.infer<typeof ConfigSchema> & {
  batch: { limits: Record<Plan, PlanLimits>; concurrency: number; chunkSize: number };
  sessions: SessionSettings;
  mail: MailSettings;
  monitor: MonitorConfig;
  webhooks: WebhookConfig;
  /** Provider settings from the variables; keys from the secret are added when read. */
  providers: ProvidersConfig;
  /** Each provider account's limits (PROVIDER_RATE_LIMITS); a family left out has its default. */
  providerRateLimits: RateLimits;
  /** Stripe and the grace period (adapters/stripe/config.ts); secrets from AWS added when read. */
  billing: BillingConfig;
  /** State machine ARNs by workflow (set by CDK on the functions that start them). */
  stateMachineArns: Partial<Record<WorkflowName, string>>;
  /**
   * Whether this process traces (X-Ray): on Lambda, unless switched off; the same rule
   * Powertools Tracer applies, read here so that off Lambda the tracer is never even loaded.
   */
  tracing: boolean;
};

/** Runs one area's reader, keeping its message (each names the variable) instead of throwing. */
function section<T>(read: () => T, problems: string[]): T | undefined {
  try {
    return read();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** Parses every setting at once; throws one error listing each bad variable. */
export function loadConfig(env: Environment): Config {
  const problems: string[] = [];
  const core = ConfigSchema.safeParse(env);
  if (!core.success) {
    problems.push(...core.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const sections = {
    limits: section(() => planLimitsFrom(env.PLAN_LIMITS), problems),
    sessions: section(() => sessionSettingsFrom(env), problems),
    mail: section(() => mailSettingsFrom(env), problems),
    monitor: section(() => loadMonitorConfig(env), problems),
    webhooks: section(() => loadWebhookConfig(env), problems),
    providers: section(() => loadProvidersConfig(env), problems),
    providerRateLimits: section(() => parseRateLimits(env.PROVIDER_RATE_LIMITS), problems),
    billing: section(() => loadBillingConfig(env), problems),
  };
  if (core.success && core.data.OFFLINE_DNS && sections.mail?.transport === 'ses') {
    problems.push(
      'OFFLINE_DNS: keeps every connection on this machine, so MAIL_TRANSPORT must be outbox, not ses',
    );
  }
  const billing = sections.billing;
  const callsStripe = billing && (billing.secretKey || billing.secretsArn);
  if (core.success && core.data.OFFLINE_DNS && callsStripe && !isLoopbackUrl(billing.apiBase)) {
    problems.push(
      'OFFLINE_DNS: keeps every connection on this machine, so STRIPE_API_BASE must be a loopback URL (leave STRIPE_SECRET_KEY unset for the bundled simulator)',
    );
  }
  if (!core.success || problems.length > 0) {
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const { limits, sessions, mail, monitor, webhooks, providers, providerRateLimits } = sections as {
    [K in keyof typeof sections]: NonNullable<(typeof sections)[K]>;
  };
  return {
    ...core.data,
    batch: {
      limits,
      concurrency: core.data.BATCH_CONCURRENCY,
      chunkSize: core.data.BATCH_CHUNK_SIZE,
    },
    sessions,
    mail,
    monitor,
    webhooks,
    providers,
    providerRateLimits,
    billing: billing as BillingConfig,
    stateMachineArns: stateMachineArnsFrom(env),
    tracing:
      Boolean(core.data.AWS_EXECUTION_ENV) &&
      !core.data.AWS_SAM_LOCAL &&
      core.data.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false',
  };
}

function stateMachineArnsFrom(env: Environment): Partial<Record<WorkflowName, string>> {
  const arns: Partial<Record<WorkflowName, string>> = {};
  for (const name of WORKFLOW_NAMES) {
    const arn = env[stateMachineArnEnv(name)];
    if (arn) arns[name] = arn;
  }
  return arns;
}
