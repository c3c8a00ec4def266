import type { Meta } from './schemas.ts';

export const DOCS_PATH = '/docs';

/** The `meta` object of every response (SPEC.md "Meta"). */
export function buildMeta(baseUrl: string, now: Date = new Date()): Meta {
  return {
    pricing: { model: 'free' },
    generated_at: now.toISOString(),
    docs: `${baseUrl}${DOCS_PATH}`,
  };
}
