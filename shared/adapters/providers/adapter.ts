/**
 * What the four provider adapters share: their dependencies, URL joining, token usage, and the
 * errors for an answer without text.
 */
import type { Dispatcher } from 'undici';
import {
  ProviderError,
  type ProviderFamily,
  type TokenUsage,
} from '#shared/domain/monitor/provider-port';
import type { FamilyConfig } from './config.ts';

/** What every adapter factory receives besides its family's configuration. */
export interface AdapterDeps {
  /**
   * The undici dispatcher every request goes through: the wiring's provider agent (one pool per
   * process, closed with the wiring), or a test's own (MockAgent, a dedicated Agent).
   */
  dispatcher: Dispatcher;
}

/** A family configuration whose API key is known to be present. */
export type KeyedFamilyConfig = FamilyConfig & { apiKey: string };

/** Joins an API root and a path without doubling or dropping slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Token usage as reported; the total is the sum when the provider does not give one. */
export function usageOf(
  input: number | null | undefined,
  output: number | null | undefined,
  total?: number | null,
): TokenUsage {
  const inputTokens = input ?? null;
  const outputTokens = output ?? null;
  const sum = inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : null;
  return { inputTokens, outputTokens, totalTokens: total ?? sum };
}

/**
 * An answer must have text: an empty one would be recorded by the monitor as "nothing
 * mentioned". Adapters first turn refusals and filters into `rejected`; whatever is still
 * empty here is not the documented shape of an answer.
 */
export function requireAnswerText(family: ProviderFamily, text: string, status: number): string {
  if (text.trim() === '') {
    throw new ProviderError(family, 'invalid_response', `${family} returned no answer text`, {
      status,
    });
  }
  return text;
}

/** The error for output cut off by the token limit before any answer text. */
export function truncatedBeforeText(family: ProviderFamily, reason: string, status: number) {
  return new ProviderError(
    family,
    'rejected',
    `${family} hit the output token limit (${reason}) before any answer text; raise PROVIDER_MAX_OUTPUT_TOKENS`,
    { status },
  );
}
