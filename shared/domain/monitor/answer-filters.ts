/**
 * The one filter of a run's answers (docs/monitor.md "Answers"), used by the paginated list and
 * by both exports, so a page and an export of the same query hold the same answers. The three
 * drill-down filters (docs/decisions.md "Chart drill-down (issue 17 point 4)") count exactly what
 * the summary counts: `entity` the mentions behind share of answer (engine/aggregate.ts
 * `entityShares`), `cited_domain` and `citation_category` the cited sources behind the cited
 * domains and the citation categories (engine/measure.ts: only sources the answer points at).
 */
import { brandMentioned } from './answer-view.ts';
import type { AnswerFacets } from './ports.ts';
import type { AnswerView, ListAnswersQuery } from './run-schemas.ts';

export type AnswerFilters = Omit<ListAnswersQuery, 'limit' | 'cursor' | 'format'>;

/**
 * Whether the answer counts toward `name`'s share of answer: the prompt does not name the brand
 * (share of answer counts unbranded answers only), the name's mention is counted (found, and
 * confirmed where judged), and the prompt does not itself name it. Names compare case-blind.
 */
export function countsForEntity(view: AnswerView, name: string): boolean {
  if (view.branded) return false;
  const wanted = name.trim().toLowerCase();
  return view.mentions.some(
    (mention) => mention.counted && !mention.in_prompt && mention.name.toLowerCase() === wanted,
  );
}

/** `host` is `domain` or one of its subdomains (never a look-alike such as `notexample.com`). */
export function withinDomain(host: string, domain: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  return d !== '' && (h === d || h.endsWith(`.${d}`));
}

/** The answer points at (cites, not merely retrieved) a source on `domain` or a subdomain. */
export function citesDomain(view: AnswerView, domain: string): boolean {
  return view.sources.some((source) => source.cited && withinDomain(source.domain, domain));
}

/** The answer points at a source of that category (docs/monitor.md "Source categories"). */
export function citesCategory(view: AnswerView, category: string): boolean {
  return view.sources.some((source) => source.cited && source.category === category);
}

/**
 * What the filters read of an answer, and the grid of the answers page (`AnswerFacets`, kept per
 * answer in the run's answer index, `answer-index.ts`): `answerMatches` filters views through the
 * same facets, so a filter means the same on a view and on an index entry.
 */
export function answerFacets(view: AnswerView): AnswerFacets {
  const cited = view.sources.filter((source) => source.cited);
  return {
    id: view.id,
    family: view.family,
    mode: view.mode,
    block: view.block,
    prompt_id: view.prompt_id,
    mentioned: brandMentioned(view),
    share: view.branded
      ? []
      : view.mentions
          .filter((mention) => mention.counted && !mention.in_prompt)
          .map((mention) => mention.name.toLowerCase()),
    cited: [...new Set(cited.map((source) => source.domain))],
    categories: [...new Set(cited.map((source) => source.category))],
  };
}

/** Every filter of the query the facets pass; an absent filter passes everything. */
export function facetsMatch(facets: AnswerFacets, filters: AnswerFilters): boolean {
  if (filters.family && facets.family !== filters.family) return false;
  if (filters.mode && facets.mode !== filters.mode) return false;
  if (filters.block && facets.block !== filters.block) return false;
  if (filters.prompt_id && facets.prompt_id !== filters.prompt_id) return false;
  if (filters.mentioned !== undefined && facets.mentioned !== filters.mentioned) return false;
  if (filters.entity !== undefined && !facets.share.includes(filters.entity.trim().toLowerCase()))
    return false;
  const domain = filters.cited_domain;
  if (domain !== undefined && !facets.cited.some((host) => withinDomain(host, domain)))
    return false;
  if (
    filters.citation_category !== undefined &&
    !facets.categories.includes(filters.citation_category)
  )
    return false;
  return true;
}

/** Every filter of the query the answer passes; an absent filter passes everything. */
export function answerMatches(view: AnswerView, filters: AnswerFilters): boolean {
  return facetsMatch(answerFacets(view), filters);
}
