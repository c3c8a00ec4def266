/**
 * Fault injection per family. A fault applies to every request of its family, or only to the
 * first `times` requests (then the family recovers, which is what retry tests need).
 */

export const FAULT_KINDS = [
  'throttle', // 429 with a retry hint
  'unavailable', // 5xx; Anthropic's overloaded 529
  'slow', // a correct answer after `delayMs`
  'malformed', // 200 whose body is truncated JSON
  'error-in-200', // Anthropic search-tool error, Perplexity/OpenAI failed run, Gemini blocked prompt
  'auth', // 401/403 in the provider's error shape
  'billing', // OpenAI insufficient_quota 429, Anthropic 402, Perplexity/Gemini quota errors
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const RETRY_HINTS = [
  'retry-after', // Retry-After in seconds
  'retry-after-ms', // OpenAI/Anthropic retry-after-ms
  'ratelimit-reset', // the family's own rate-limit reset headers
  'retry-info', // Gemini's google.rpc.RetryInfo in the body
  'none',
] as const;
export type RetryHint = (typeof RETRY_HINTS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** throttle: the delay announced to the client (default 20 s). */
  retryAfterSeconds?: number;
  /** throttle: how the delay is announced (default: retry-info for google, else retry-after). */
  hint?: RetryHint;
  /** slow: how long to wait before answering (default 5000 ms). */
  delayMs?: number;
  /** Apply to this many requests only; unlimited when absent. */
  times?: number;
}

export const SIMULATED_FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
export type SimulatedFamily = (typeof SIMULATED_FAMILIES)[number];

export type FaultConfig = Partial<Record<SimulatedFamily, FaultSpec>>;

/** Hands out the configured fault for each request and counts down `times`. */
export class FaultPlan {
  readonly #faults: FaultConfig;
  readonly #used = new Map<SimulatedFamily, number>();

  constructor(faults: FaultConfig = {}) {
    this.#faults = { ...faults };
  }

  next(family: SimulatedFamily): FaultSpec | null {
    const fault = this.#faults[family];
    if (!fault) return null;
    const used = this.#used.get(family) ?? 0;
    if (fault.times !== undefined && used >= fault.times) return null;
    this.#used.set(family, used + 1);
    return fault;
  }

  set(family: SimulatedFamily, fault: FaultSpec | null): void {
    if (fault === null) delete this.#faults[family];
    else this.#faults[family] = fault;
    this.#used.delete(family);
  }
}

/**
 * Parses `SIMULATOR_FAULTS`: comma-separated `family=kind[:number][:hint][*times]`, e.g.
 * `openai=throttle:30:retry-after-ms,anthropic=unavailable*2,google=slow:8000`.
 * The number is seconds for throttle and milliseconds for slow.
 */
export function parseFaults(text: string | undefined): FaultConfig {
  const faults: FaultConfig = {};
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^([a-z]+)=([a-z0-9-]+)(?::(\d+(?:\.\d+)?))?(?::([a-z-]+))?(?:\*(\d+))?$/.exec(
      entry,
    );
    if (!match) throw new Error(`SIMULATOR_FAULTS: cannot read "${entry}"`);
    const [, family, kind, amount, hint, times] = match;
    if (!isOneOf(SIMULATED_FAMILIES, family)) {
      throw new Error(`SIMULATOR_FAULTS: unknown family "${family}"`);
    }
    if (!isOneOf(FAULT_KINDS, kind)) throw new Error(`SIMULATOR_FAULTS: unknown fault "${kind}"`);
    if (hint !== undefined && !isOneOf(RETRY_HINTS, hint)) {
      throw new Error(`SIMULATOR_FAULTS: unknown retry hint "${hint}"`);
    }
    const spec: FaultSpec = { kind };
    if (amount !== undefined && kind === 'slow') spec.delayMs = Number(amount);
    if (amount !== undefined && kind === 'throttle') spec.retryAfterSeconds = Number(amount);
    if (hint !== undefined) spec.hint = hint;
    if (times !== undefined) spec.times = Number(times);
    faults[family] = spec;
  }
  return faults;
}

function isOneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (values as readonly string[]).includes(value);
}
