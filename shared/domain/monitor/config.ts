/**
 * The monitor's settings, read once from the environment (docs/monitor.md "Configuration").
 * Provider keys and endpoints are not here: they come through `loadMonitorProviderConfig`.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  DEFAULT_CANARY_PROMPTS,
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  MAX_CANARY_PROMPTS,
  MAX_PROMPTS_PER_BLOCK,
  MAX_REPEATS,
} from './engine/prompt-limits.ts';
import type { ModelPrice } from './engine/summary-schema.ts';

/**
 * Cells of one family in flight at once (the lanes of its Map). Anthropic and Perplexity start
 * new accounts at about 50 requests per minute, OpenAI and Gemini far higher; with answers of
 * 5-30 s these stay under the entry tiers while a default run finishes in minutes.
 */
export const DEFAULT_CONCURRENCY: Record<ProviderFamily, number> = {
  openai: 8,
  anthropic: 4,
  perplexity: 4,
  google: 8,
};

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const MonitorConfigSchema = z.object({
  MONITOR_PROMPTS_PER_BLOCK: count(1, MAX_PROMPTS_PER_BLOCK).default(DEFAULT_PROMPTS_PER_BLOCK),
  MONITOR_REPEATS: count(1, MAX_REPEATS).default(DEFAULT_REPEATS),
  /** One value for every family; MONITOR_CONCURRENCY_<FAMILY> wins for that family. */
  MONITOR_CONCURRENCY: count(1, 32).optional(),
  MONITOR_CONCURRENCY_OPENAI: count(1, 32).optional(),
  MONITOR_CONCURRENCY_ANTHROPIC: count(1, 32).optional(),
  MONITOR_CONCURRENCY_PERPLEXITY: count(1, 32).optional(),
  MONITOR_CONCURRENCY_GOOGLE: count(1, 32).optional(),
  /** Tries per provider call (throttled, unavailable, timed out) before its family is given up. */
  MONITOR_RETRY_ATTEMPTS: count(1, 20).default(6),
  /** First backoff delay; it doubles per attempt up to MONITOR_RETRY_MAX_SECONDS. */
  MONITOR_RETRY_BASE_SECONDS: count(1, 600).default(2),
  MONITOR_RETRY_MAX_SECONDS: count(1, 3600).default(120),
  /** A retry hint longer than this (a daily quota) gives the family up at once. */
  MONITOR_RETRY_HINT_MAX_SECONDS: count(1, 86_400).default(600),
  /**
   * 429s for this long without one answer in between give the family up (the provider keeps
   * refusing the account whatever the pace); a 429 otherwise spends no attempt.
   */
  MONITOR_THROTTLE_GIVE_UP_SECONDS: count(60, 86_400).default(1800),
  /** Work one lane task does before handing back to the state machine (Lambda time bound). */
  MONITOR_LANE_BUDGET_MS: count(1, 600_000).default(60_000),
  /**
   * Answers per judge call (docs/monitor.md "The judge"): they share the instructions, entities
   * and fact sheet; 8 compact verdicts stay well inside PROVIDER_MAX_OUTPUT_TOKENS (4096).
   */
  MONITOR_JUDGE_BATCH: count(1, 20).default(8),
  /**
   * Price overrides for the cost estimate (docs/monitor.md "Configuration"): JSON, family to
   * `{input_per_million, output_per_million, per_search}` in USD; unnamed families keep the
   * list prices of engine/cost.ts.
   */
  MONITOR_PRICES: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.partialRecord(
        z.enum(PROVIDER_FAMILIES),
        z
          .object({
            input_per_million: z.number().min(0),
            output_per_million: z.number().min(0),
            per_search: z.number().min(0),
          })
          .strict(),
      ),
    )
    .optional(),
  /**
   * How long a run's lock holds without being released: longer than the state machine's own
   * timeout (7 days: on the first of the month a large fleet's runs wait for their turn at the
   * providers' quotas), so only a run whose execution can no longer be running loses it.
   */
  MONITOR_RUN_LEASE_SECONDS: count(60, 8 * 86_400).default(605_700),
  /** Cases one page of the monthly schedule reads (one task of monitor-monthly). */
  MONITOR_SCHEDULE_PAGE_SIZE: count(1, 1000).default(100),
  /** Cited sites a run scans for its readiness gaps, besides the brand's own (0: none). */
  MONITOR_CITED_SCANS: count(0, 20).default(8),
  /**
   * Canary prompts asked per family and mode on every run (docs/monitor.md "Canaries"): the
   * first n of the service's control set, never counted in the case's scores.
   */
  MONITOR_CANARY_PROMPTS: count(1, MAX_CANARY_PROMPTS).default(DEFAULT_CANARY_PROMPTS),
});

export interface MonitorConfig {
  promptsPerBlock: number;
  repeats: number;
  concurrency: Record<ProviderFamily, number>;
  retry: RetrySettings;
  laneBudgetMs: number;
  /** 429s in a row for this long give the family up (MONITOR_THROTTLE_GIVE_UP_SECONDS). */
  throttleGiveUpSeconds: number;
  /** Answers judged per judge call (MONITOR_JUDGE_BATCH). */
  judgeBatch: number;
  leaseSeconds: number;
  /** Per-family price overrides for the cost estimate (MONITOR_PRICES). */
  prices: Partial<Record<ProviderFamily, ModelPrice>>;
  /** Cited sites scanned per run for `readiness_gaps` (MONITOR_CITED_SCANS, default 8). */
  citedScans: number;
  /** Canary prompts per family and mode (MONITOR_CANARY_PROMPTS, default 6). */
  canaryPrompts: number;
  /** Cases per page of the monthly schedule (MONITOR_SCHEDULE_PAGE_SIZE, default 100). */
  schedulePageSize: number;
}

export interface RetrySettings {
  attempts: number;
  baseSeconds: number;
  maxSeconds: number;
  hintMaxSeconds: number;
}

export function loadMonitorConfig(env: Record<string, string | undefined>): MonitorConfig {
  const parsed = MonitorConfigSchema.safeParse(emptyAsUnset(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid monitor configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const perFamily: Record<ProviderFamily, number | undefined> = {
    openai: values.MONITOR_CONCURRENCY_OPENAI,
    anthropic: values.MONITOR_CONCURRENCY_ANTHROPIC,
    perplexity: values.MONITOR_CONCURRENCY_PERPLEXITY,
    google: values.MONITOR_CONCURRENCY_GOOGLE,
  };
  const concurrency = Object.fromEntries(
    PROVIDER_FAMILIES.map((family) => [
      family,
      perFamily[family] ?? values.MONITOR_CONCURRENCY ?? DEFAULT_CONCURRENCY[family],
    ]),
  ) as Record<ProviderFamily, number>;
  return {
    promptsPerBlock: values.MONITOR_PROMPTS_PER_BLOCK,
    repeats: values.MONITOR_REPEATS,
    concurrency,
    retry: {
      attempts: values.MONITOR_RETRY_ATTEMPTS,
      baseSeconds: values.MONITOR_RETRY_BASE_SECONDS,
      maxSeconds: Math.max(values.MONITOR_RETRY_BASE_SECONDS, values.MONITOR_RETRY_MAX_SECONDS),
      hintMaxSeconds: values.MONITOR_RETRY_HINT_MAX_SECONDS,
    },
    laneBudgetMs: values.MONITOR_LANE_BUDGET_MS,
    throttleGiveUpSeconds: values.MONITOR_THROTTLE_GIVE_UP_SECONDS,
    judgeBatch: values.MONITOR_JUDGE_BATCH,
    leaseSeconds: values.MONITOR_RUN_LEASE_SECONDS,
    prices: values.MONITOR_PRICES ?? {},
    citedScans: values.MONITOR_CITED_SCANS,
    canaryPrompts: values.MONITOR_CANARY_PROMPTS,
    schedulePageSize: values.MONITOR_SCHEDULE_PAGE_SIZE,
  };
}

function emptyAsUnset(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('MONITOR_') && value !== undefined && value.trim() !== '') {
      out[name] = value.trim();
    }
  }
  return out;
}
