/**
 * Reading what a provider answered: the JSON of a success body and its documented shape, where
 * anything else is a `ProviderError` (`invalid_response`) and never a crash, and error bodies read
 * leniently for the detail they may carry.
 */
import type { z } from 'zod';
import { ProviderError, type ProviderFamily } from '#shared/domain/monitor/provider-port';

/** Parses a 2xx body; anything that is not JSON is an `invalid_response`, never a crash. */
export function parseJsonBody(family: ProviderFamily, text: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProviderError(family, 'invalid_response', `${family} sent a body that is not JSON`, {
      status,
      cause: error,
    });
  }
}

/** Validates a parsed body against the documented shape, naming the first offending fields. */
export function parseShape<T>(
  family: ProviderFamily,
  schema: z.ZodType<T>,
  value: unknown,
  status: number,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const where = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new ProviderError(
    family,
    'invalid_response',
    `${family} sent an unexpected response shape (${where})`,
    { status, cause: result.error },
  );
}

/** Reads an error body leniently: error bodies are best-effort detail, not a contract. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
