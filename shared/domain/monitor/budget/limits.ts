/**
 * Each provider account's request budget (docs/monitor.md "One budget per provider account"):
 * `PROVIDER_RATE_LIMITS`, a JSON object of `{"<family>": {"rpm": N, "tpm": N?}}`, every family
 * optional, read once by the configuration (shared/wiring/config.ts). A family without an entry
 * starts from the conservative default below, the entry tier of its provider for the model the
 * adapters ask by default, and, where the provider announces its limits in response headers
 * (OpenAI, Anthropic, Perplexity), the governor takes the announced limit as soon as it sees it.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';

/** One account's limits: requests per minute, and tokens per minute where it is metered. */
export interface FamilyRateLimit {
  rpm: number;
  tpm?: number | undefined;
}

export type RateLimits = Partial<Record<ProviderFamily, FamilyRateLimit>>;

/**
 * The entry tiers (read 2026-12-06, docs/decisions.md "The fleet's budget"): OpenAI Tier 1 for
 * gpt-5-mini 500 RPM and 500,000 TPM; Anthropic Tier 1 for Sonnet 50 RPM; Perplexity Tier 0 for
 * sonar 50 RPM; Gemini Tier 1 (billing on) for 2.5 Flash 1,000 RPM and 1,000,000 TPM. An account
 * on a higher tier is used fully once its headers say so, or once PROVIDER_RATE_LIMITS does.
 */
export const DEFAULT_RATE_LIMITS: Record<ProviderFamily, FamilyRateLimit> = {
  openai: { rpm: 500, tpm: 500_000 },
  anthropic: { rpm: 50 },
  perplexity: { rpm: 50 },
  google: { rpm: 1000, tpm: 1_000_000 },
};

/**
 * Families whose every response carries the account's request limit (OpenAI
 * `x-ratelimit-limit-requests`, Anthropic `anthropic-ratelimit-requests-limit`, Perplexity
 * `x-ratelimit-limit`): until one response has said it, such a family asks one call at a time, so
 * the default never fixes a long reservation at the wrong pace. Gemini announces nothing.
 */
export const ANNOUNCES_LIMITS: Record<ProviderFamily, boolean> = {
  openai: true,
  anthropic: true,
  perplexity: true,
  google: false,
};

const FamilyLimitSchema = z
  .object({
    rpm: z.number().int().min(1).max(1_000_000),
    tpm: z.number().int().min(1).max(1_000_000_000).optional(),
  })
  .strict();

/** The variable's shape: an object of families, each `{rpm, tpm?}`; unknown families refused. */
export const RateLimitsSchema = z.partialRecord(z.enum(PROVIDER_FAMILIES), FamilyLimitSchema);

/**
 * Reads `PROVIDER_RATE_LIMITS`; unset or empty is `{}` (every family on its default). Throws an
 * error naming the variable and the problem.
 */
export function parseRateLimits(text: string | undefined): RateLimits {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('PROVIDER_RATE_LIMITS: must be JSON such as {"openai":{"rpm":500}}');
  }
  const parsed = RateLimitsSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new Error(`PROVIDER_RATE_LIMITS: ${problems.join('; ')}`);
  }
  return parsed.data;
}
