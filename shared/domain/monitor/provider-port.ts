/**
 * The normalised vocabulary of the model-provider layer: every adapter, whatever its wire
 * format, answers with an `AskResult` or throws a `ProviderError`.
 */

export const PROVIDER_FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
export type ProviderFamily = (typeof PROVIDER_FAMILIES)[number];

/** `raw` asks without web search (training recall); `online` enables the provider's search tool. */
export const ASK_MODES = ['raw', 'online'] as const;
export type AskMode = (typeof ASK_MODES)[number];

export interface Citation {
  /** The URL as the provider gave it, minus fragment and `utm_*` tracking parameters. */
  url: string;
  /** Lower-case host without `www.`; for Gemini redirect URLs, the domain the provider names. */
  domain: string;
  title: string | null;
  /**
   * True when the answer text points at this source (annotation, text citation, grounding
   * support, `[n]` marker); false when the source was only retrieved by the search.
   */
  cited: boolean;
}

export interface TokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
}

export interface AskRequest {
  prompt: string;
  mode: AskMode;
}

export interface AskResult {
  provider: ProviderFamily;
  /** The model the provider reports it served (e.g. a dated snapshot), else the requested one. */
  model: string;
  mode: AskMode;
  text: string;
  /** Whether the provider actually ran a web search for this answer. */
  searched: boolean;
  /** The web-search queries the model issued, as the wire format reports them (addition). */
  searchQueries?: string[];
  /** Unique by URL; cited sources first, then sources that were only retrieved. */
  citations: Citation[];
  usage: TokenUsage;
  latencyMs: number;
  /**
   * The account's limits as the response's headers announced them (requests and tokens per
   * minute), when they did: the shared budget takes them over (budget/governor.ts).
   */
  announced?: { rpm?: number; tpm?: number } | undefined;
}

export interface Provider {
  readonly family: ProviderFamily;
  ask(request: AskRequest): Promise<AskResult>;
}

export const PROVIDER_ERROR_TYPES = [
  'throttled',
  'unavailable',
  'rejected',
  'timeout',
  'invalid_response',
] as const;
/**
 * throttled: rate limited, retry after `retryAfterSeconds` when known.
 * unavailable: 5xx, overloaded, connection failure; retry with backoff.
 * rejected: auth, billing, bad request, blocked prompt; retrying cannot help.
 * timeout: no complete answer within the configured time.
 * invalid_response: the body was not the documented shape.
 */
export type ProviderErrorType = (typeof PROVIDER_ERROR_TYPES)[number];

export interface ProviderErrorOptions {
  retryAfterSeconds?: number | null;
  status?: number | null;
  cause?: unknown;
  /** The account's limits as the failed response announced them (headers or body). */
  announced?: { rpm?: number; tpm?: number };
}

/**
 * The one error an adapter throws. The adapter never retries: the monitor workflow decides,
 * using `type` and `retryAfterSeconds`.
 */
export class ProviderError extends Error {
  readonly type: ProviderErrorType;
  readonly provider: ProviderFamily;
  readonly retryAfterSeconds: number | null;
  readonly status: number | null;
  readonly announced: { rpm?: number; tpm?: number } | undefined;

  constructor(
    provider: ProviderFamily,
    type: ProviderErrorType,
    message: string,
    options: ProviderErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.type = type;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.status = options.status ?? null;
    this.announced = options.announced;
  }
}

/** The provider adapters by family, as the monitor's steps reach them. */
export interface MonitorProviders {
  /** The adapter for a family; rejects when the family has no key or invalid settings. */
  forFamily(family: ProviderFamily): Promise<Provider>;
}
