/**
 * The `meta` object every response carries (docs/api.md) and the path of the docs it links.
 */
import type { Meta } from './schemas.ts';

export const DOCS_PATH = '/docs';

/** The `meta` object of every response (docs/api.md "Every response: `meta`"). */
export function buildMeta(baseUrl: string, now: Date = new Date()): Meta {
  return {
    pricing: { model: 'free' },
    generated_at: now.toISOString(),
    docs: `${baseUrl}${DOCS_PATH}`,
  };
}
