/**
 * The finding-type registry (docs/scan-engine.md "Finding ids"): every id the scan engine can
 * raise, `<check id>.<slug>`, with its title, fix and standard. An id names one condition on
 * every scan of every site at the scoring version it was introduced under; a change of meaning
 * is a new id and an entry in the drift log (standards-drift.ts), never a reuse.
 * `GET /api/v1/finding-types` lists it (finding-types.ts adds the check and the standard).
 */
import { AGENT_FINDINGS } from './agent.ts';
import { API_FINDINGS } from './api.ts';
import { CRAWLER_FINDINGS } from './crawler.ts';
import { LLMS_FINDINGS, MARKDOWN_FINDINGS } from './llms-markdown.ts';
import { ENTITY_FINDINGS, SCHEMA_FINDINGS } from './schema-entity.ts';
import { RENDER_FINDINGS, SITEMAP_FINDINGS } from './sitemap-render.ts';
import type { FindingTypeSpec } from './spec.ts';

/** The registry in report order (crawler … entity). */
export const FINDING_TYPES = {
  ...CRAWLER_FINDINGS,
  ...SITEMAP_FINDINGS,
  ...RENDER_FINDINGS,
  ...LLMS_FINDINGS,
  ...MARKDOWN_FINDINGS,
  ...SCHEMA_FINDINGS,
  ...API_FINDINGS,
  ...AGENT_FINDINGS,
  ...ENTITY_FINDINGS,
} satisfies Record<string, FindingTypeSpec>;

/** A finding id the engine can raise. */
export type FindingId = keyof typeof FINDING_TYPES;

/** True when `id` is in the registry. */
export function isFindingId(id: string): id is FindingId {
  return Object.hasOwn(FINDING_TYPES, id);
}
