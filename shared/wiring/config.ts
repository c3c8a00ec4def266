import { z } from 'zod';

/**
 * Service configuration, read once from the environment and validated with zod, so a typo in
 * a deployment fails at start with a clear message instead of at the first request.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const ConfigSchema = z.object({
  TABLE_NAME: z.string().min(3).default('agent-readiness'),
  /** Set by the local stack (dynalite); unset on AWS, where the SDK finds the regional endpoint. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  /** Set by the local stack (fauxqs); unset on AWS. */
  SQS_ENDPOINT: z.url().optional(),
  /** The events queue (set by CDK, and by the local stack). */
  EVENTS_QUEUE_URL: z.url().optional(),
  /** Public base URL of the service (no trailing slash); derived from the request when unset. */
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  /** Comma-separated e-mail addresses whose keys may carry `monitor:admin`. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email.length > 0),
    ),
  /**
   * Host names (optionally `host:port`) whose Host header may be echoed into links when
   * PUBLIC_BASE_URL is unset; loopback names are always allowed. Any other Host gets links to
   * the first allowed host, never to itself.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host.length > 0),
    ),
  /**
   * How long a verified API key is trusted without reading the store again; a revoked key stops
   * working within this time (at once when revoked through this process).
   */
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Outbound names resolve only to loopback (`localhost`), every other name as unknown, without
   * a DNS query: tests, benchmarks and offline demos never reach past the machine.
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
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
