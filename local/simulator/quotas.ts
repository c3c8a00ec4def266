/**
 * Per-account quotas of the simulated providers (docs/monitor.md "Capacity"): each API key a
 * request carries is an account, with a bucket per family that holds one second's worth of its
 * requests per minute and refills continuously at rpm/60 a second, as the providers enforce
 * their per-minute limits. A request that finds the bucket empty is refused with the family's
 * own 429 (its body, its headers, its hint: wire modules build it); every answer carries the
 * family's limit headers with what is left. Without a quota a family announces the limits of a
 * high tier (below), so the governor learns a generous pace as it would from such an account.
 */
import type { SimulatedFamily } from './faults.ts';

/** A family's quota for every account (API key): requests per minute, tokens announced. */
export interface SimulatedQuota {
  rpm: number;
  tpm?: number;
}

export type SimulatedQuotas = Partial<Record<SimulatedFamily, SimulatedQuota>>;

/** The limit headers' figures: the account's limit, what is left, and when it is full again. */
export interface LimitState {
  rpm: number;
  remaining: number;
  resetSeconds: number;
  tpm?: number | undefined;
}

/**
 * What an account without a quota is told: the simulator's stand-in for a high tier (OpenAI
 * Tier 5 for gpt-5-mini, Anthropic Tier 4; Perplexity's higher tiers are not published, 4,000 is
 * ours). Gemini announces nothing.
 */
const UNLIMITED: Record<SimulatedFamily, LimitState | undefined> = {
  openai: { rpm: 30_000, remaining: 29_999, resetSeconds: 0.002, tpm: 180_000_000 },
  anthropic: { rpm: 4000, remaining: 3999, resetSeconds: 0.015, tpm: 2_000_000 },
  perplexity: { rpm: 4000, remaining: 3999, resetSeconds: 0.015 },
  google: undefined,
};

/**
 * Tokens a minute a quota without `tpm` announces, per request a minute: so many that tokens
 * never bind before requests (the simulator meters requests only).
 */
export const TOKENS_PER_REQUEST = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export type QuotaAnswer =
  | { ok: true; state: LimitState | undefined }
  | { ok: false; state: LimitState; retryAfterSeconds: number };

/** The buckets of every account and family, refilled on each request. */
export class QuotaBook {
  readonly #quotas: SimulatedQuotas;
  readonly #buckets = new Map<string, Bucket>();

  constructor(quotas: SimulatedQuotas = {}) {
    this.#quotas = { ...quotas };
  }

  /** Changes a family's quota while running (a provider that suddenly allows less). */
  set(family: SimulatedFamily, quota: SimulatedQuota | null): void {
    if (quota === null) delete this.#quotas[family];
    else this.#quotas[family] = quota;
    for (const key of [...this.#buckets.keys()]) {
      if (key.startsWith(`${family}\u0000`)) this.#buckets.delete(key);
    }
  }

  /** Takes one request from the account's bucket, or says how long until there is one. */
  take(family: SimulatedFamily, apiKey: string, now = Date.now()): QuotaAnswer {
    const quota = this.#quotas[family];
    if (!quota) return { ok: true, state: UNLIMITED[family] };
    const perSecond = quota.rpm / 60;
    const capacity = Math.max(1, perSecond);
    const id = `${family}\u0000${apiKey}`;
    const bucket = this.#buckets.get(id) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(id, bucket);
    const state = (tokens: number): LimitState => ({
      rpm: quota.rpm,
      remaining: Math.max(0, Math.floor(tokens)),
      resetSeconds: (capacity - tokens) / perSecond,
      ...(quota.tpm ? { tpm: quota.tpm } : {}),
    });
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true, state: state(bucket.tokens) };
    }
    const retryAfterSeconds = Math.round(((1 - bucket.tokens) / perSecond) * 1000) / 1000;
    return { ok: false, state: state(bucket.tokens), retryAfterSeconds };
  }
}

/**
 * Reads `SIMULATOR_QUOTAS`: comma-separated `family=rpm[:tpm]`, e.g. `openai=180,google=60`.
 */
export function parseQuotas(text: string | undefined): SimulatedQuotas {
  const quotas: SimulatedQuotas = {};
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^(openai|anthropic|perplexity|google)=(\d+)(?::(\d+))?$/.exec(entry);
    if (!match?.[1] || !match[2]) throw new Error(`SIMULATOR_QUOTAS: cannot read "${entry}"`);
    const rpm = Number(match[2]);
    if (rpm < 1) throw new Error(`SIMULATOR_QUOTAS: "${entry}" needs at least 1 request a minute`);
    quotas[match[1] as SimulatedFamily] = {
      rpm,
      ...(match[3] !== undefined ? { tpm: Number(match[3]) } : {}),
    };
  }
  return quotas;
}
