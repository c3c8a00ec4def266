import type { Dispatcher } from 'undici';
import type { FamilyConfig } from './config.ts';
import type { TokenUsage } from './types.ts';

/** What every adapter factory receives besides its family's configuration. */
export interface AdapterDeps {
  /** Routes requests through a given undici dispatcher (MockAgent, proxy); defaults to global. */
  dispatcher?: Dispatcher | undefined;
}

/** A family configuration whose API key is known to be present. */
export type KeyedFamilyConfig = FamilyConfig & { apiKey: string };

/** Joins an API root and a path without doubling or dropping slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

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
