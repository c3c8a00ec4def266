/**
 * What the four provider adapters share: their dependencies, URL joining, token usage, and the
 * errors for an answer without text.
 */
import type { Dispatcher } from 'undici';
import { isWebUrl } from '#shared/domain/kernel/net/web-url';
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

/** A markdown link `[label](target)`, its target allowed one level of parentheses. */
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(\s*((?:[^()\s]|\([^()\s]*\))*)\s*\)/g;

/**
 * The answer's markdown links whose target is no web address keep their label only: a
 * `javascript:` or `data:` link a provider wrote into the text is dropped with its citation
 * (issue 36 point 3), so nothing but http(s) travels on from an answer.
 */
export function withoutUnsafeLinks(text: string): string {
  return text.replace(MARKDOWN_LINK, (link, label: string, target: string) =>
    isWebUrl(target) ? link : label,
  );
}

/**
 * An answer must have text: an empty one would be recorded by the monitor as "nothing
 * mentioned". Adapters first turn refusals and filters into `rejected`; whatever is still
 * empty here is not the documented shape of an answer. The text comes back with its unsafe
 * links reduced to their labels (`withoutUnsafeLinks`).
 */
export function requireAnswerText(family: ProviderFamily, text: string, status: number): string {
  if (text.trim() === '') {
    throw new ProviderError(family, 'invalid_response', `${family} returned no answer text`, {
      status,
    });
  }
  return withoutUnsafeLinks(text);
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
