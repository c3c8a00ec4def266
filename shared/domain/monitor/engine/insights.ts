/**
 * Summary additions of issue 16 (docs/monitor.md "The summary"): the search queries the models
 * issued (`top_search_queries`), the share of citations per source category
 * (`citation_categories`), the model ids each family served (`served_models`) and, against the
 * previous run, the families whose served model changed (`delta.model_changes`), so a model
 * upgrade is not read as the brand's own movement. Pure functions of the measurements.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { normaliseForMatching } from './mentions.ts';
import { SOURCE_CATEGORIES } from './source-category.ts';
import { type RateInterval, round4, roundInterval, wilson } from './statistics.ts';
import type { AnswerMeasurement } from './types.ts';

const Family = z.enum(PROVIDER_FAMILIES);
export const MAX_SEARCH_QUERIES = 20;

export const TopSearchQuerySchema = z
  .object({
    query: z
      .string()
      .meta({ description: 'As first issued (queries differing only in case are one)' }),
    answers: z.number().int().min(1).meta({ description: 'Answers whose model issued it' }),
    families: z.array(Family),
  })
  .meta({ id: 'TopSearchQuery' });

export const CitationCategorySchema = z
  .object({
    category: z.enum(SOURCE_CATEGORIES),
    citations: z.number().int().min(0).meta({ description: 'Distinct cited URLs per answer' }),
    share: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'citations / all citations (0 when none)' }),
  })
  .meta({ id: 'CitationCategoryShare' });

export const ModelChangeSchema = z
  .object({
    family: Family,
    previous_models: z.array(z.string()),
    models: z.array(z.string()),
  })
  .meta({ id: 'ModelChange' });

export const ServedModelsSchema = z.partialRecord(Family, z.array(z.string())).meta({
  description: 'Per family, the model ids it served in this run, most frequent first',
});

export type TopSearchQuery = z.infer<typeof TopSearchQuerySchema>;
export type CitationCategoryShare = z.infer<typeof CitationCategorySchema>;
export type ModelChange = z.infer<typeof ModelChangeSchema>;
export type ServedModels = z.infer<typeof ServedModelsSchema>;

/** The most issued queries, most answers first, then alphabetically. */
export function topSearchQueries(measurements: readonly AnswerMeasurement[]): TopSearchQuery[] {
  const byKey = new Map<
    string,
    { query: string; answers: number; families: Set<ProviderFamily> }
  >();
  for (const m of measurements) {
    const keys = new Set<string>();
    for (const query of m.search_queries) {
      const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
      if (key === '' || keys.has(key)) continue;
      keys.add(key);
      const entry = byKey.get(key) ?? { query: query.trim(), answers: 0, families: new Set() };
      entry.answers += 1;
      entry.families.add(m.family);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.answers - a.answers || (a.query < b.query ? -1 : 1))
    .slice(0, MAX_SEARCH_QUERIES)
    .map((e) => ({
      query: e.query,
      answers: e.answers,
      families: PROVIDER_FAMILIES.filter((f) => e.families.has(f)),
    }));
}

/** Every category, in the classifier's order, with its share of all cited URLs. */
export function citationCategories(
  measurements: readonly AnswerMeasurement[],
): CitationCategoryShare[] {
  const counts = new Map<string, number>();
  for (const m of measurements) {
    for (const [category, n] of Object.entries(m.cited_categories)) {
      counts.set(category, (counts.get(category) ?? 0) + n);
    }
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return SOURCE_CATEGORIES.map((category) => {
    const citations = counts.get(category) ?? 0;
    return { category, citations, share: total === 0 ? 0 : round4(citations / total) };
  });
}

export function servedModels(measurements: readonly AnswerMeasurement[]): ServedModels {
  const served: ServedModels = {};
  for (const family of PROVIDER_FAMILIES) {
    const counts = new Map<string, number>();
    for (const m of measurements) {
      if (m.family === family) counts.set(m.model, (counts.get(m.model) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    served[family] = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([model]) => model);
  }
  return served;
}

/**
 * Families present in both runs whose set of served models differs. A previous summary from
 * before `served_models` was recorded says nothing, so nothing is reported against it.
 */
export function modelChanges(
  current: ServedModels,
  previous: ServedModels | undefined,
): ModelChange[] {
  if (previous === undefined) return [];
  const changes: ModelChange[] = [];
  for (const family of PROVIDER_FAMILIES) {
    const now = current[family];
    const before = previous[family];
    if (!now || !before) continue;
    const same = now.length === before.length && now.every((model) => before.includes(model));
    if (!same) changes.push({ family, previous_models: before, models: now });
  }
  return changes;
}

export const MAX_DISCOVERED_BRANDS = 10;

export interface DiscoveredBrand {
  name: string;
  answers: number;
  share: RateInterval;
  families: ProviderFamily[];
}

/** Untracked brands over the judged answers (only a judged answer can name one). */
export function discoveredBrands(measurements: readonly AnswerMeasurement[]): DiscoveredBrand[] {
  const judged = measurements.filter((m) => m.judged);
  const byKey = new Map<string, { name: string; answers: number; families: Set<ProviderFamily> }>();
  for (const m of judged) {
    for (const key of new Set(m.other_brands.map((name) => normaliseForMatching(name)))) {
      const name = m.other_brands.find((n) => normaliseForMatching(n) === key) ?? key;
      const entry = byKey.get(key) ?? { name, answers: 0, families: new Set() };
      entry.answers += 1;
      entry.families.add(m.family);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.answers - a.answers || (a.name < b.name ? -1 : 1))
    .slice(0, MAX_DISCOVERED_BRANDS)
    .map((e) => ({
      name: e.name,
      answers: e.answers,
      share: roundInterval(wilson(e.answers, judged.length)),
      families: PROVIDER_FAMILIES.filter((f) => e.families.has(f)),
    }));
}
