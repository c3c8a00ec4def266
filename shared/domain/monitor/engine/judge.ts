/**
 * Reading the LLM judge's verdicts (docs/monitor.md, "Method", The judge); the prompt is built in
 * judge-prompt.ts. A reply holds one verdict per answer id (judge-v3) or, stored before, one
 * verdict for a single answer (judge-v2). The verdict is strict JSON; every evidence quote must
 * occur verbatim in its own answer (checked here, not trusted), otherwise its entry is dropped and
 * the deterministic result stands for it.
 */
import { z } from 'zod';
import { lastCallMemo } from '#shared/domain/kernel/memo';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { isPlausibleBrandName } from './brand-names.ts';
import { detectEntity, detectMentions, normaliseForMatching, prepareText } from './mentions.ts';
import {
  ADDRESSED_STATUSES,
  type CaseProfile,
  type EntityVerdict,
  FACT_STATUSES,
  type FactVerdict,
  type JudgeVerdict,
} from './types.ts';

export {
  buildJudgePrompt,
  JUDGE_PROMPT_MARKER,
  JUDGE_VERSION,
  type JudgeAnswerInput,
  type JudgeEntityInput,
  type JudgeInput,
  readJudgeInput,
} from './judge-prompt.ts';

const quote = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const VerdictSchema = z.object({
  entities: z.array(
    z.object({
      name: z.string(),
      mentioned: z.boolean(),
      absence_statement: z.boolean().optional().default(false),
      recommended: z.boolean().optional().default(false),
      sentiment: z
        .number()
        .int()
        .min(-2)
        .max(2)
        .nullish()
        .transform((v) => v ?? null),
      evidence_quote: quote,
    }),
  ),
  facts: z
    .array(
      z.object({
        key: z.string(),
        status: z.enum(FACT_STATUSES),
        claimed_value: quote,
        evidence_quote: quote,
      }),
    )
    .optional()
    .default([]),
  other_brands: z
    .array(z.object({ name: z.string().trim().min(1).max(120), evidence_quote: quote }))
    .optional()
    .default([]),
});

/** At most this many other brands are kept per answer (a list beyond is not a recommendation). */
const MAX_OTHER_BRANDS = 10;

/**
 * Reads the verdict on one answer from a judge reply. `itemId` is the answer's id in a judge-v3
 * call; without it the reply is a judge-v2 verdict on one answer (or a v3 reply holding exactly
 * one verdict). Undefined when it is not the contract (not JSON, wrong shape, no verdict with that
 * id): the caller then keeps the deterministic result. Entries naming an unknown entity or fact
 * key are ignored; entries whose evidence is not verbatim in the answer are dropped and counted.
 */
export function parseJudgeVerdict(
  rawText: string,
  answerText: string,
  profile: CaseProfile,
  itemId?: string,
): JudgeVerdict | undefined {
  const body = verdictBodyOf(jsonObjectOf(rawText), itemId);
  if (body === undefined) return undefined;
  const parsed = VerdictSchema.safeParse(body.verdict);
  if (!parsed.success) return undefined;
  const checked = checkedEntities(parsed.data.entities, answerText, profile);
  if (body.compact) checked.entities.push(...leftOut(checked.entities, answerText, profile));
  let dropped = checked.dropped;
  const facts: FactVerdict[] = [];
  for (const entry of parsed.data.facts) {
    if (!(entry.key in profile.fact_sheet) || facts.some((f) => f.key === entry.key)) continue;
    const addressed = ADDRESSED_STATUSES.includes(entry.status);
    const evidence = verifiedQuote(entry.evidence_quote, answerText);
    if (addressed && evidence === null) {
      dropped += 1;
      continue;
    }
    facts.push({ ...entry, evidence_quote: evidence });
  }
  const others = otherBrands(parsed.data.other_brands, answerText, profile);
  return {
    entities: checked.entities,
    facts,
    dropped_quotes: dropped + others.dropped,
    other_brands: others.kept,
  };
}

/**
 * The ids of a judge-v3 reply that carry a verdict in the contract's shape (quotes are checked
 * later, against each answer): the judge lane judges the other answers of a call again alone.
 */
export function verdictIdsOf(rawText: string): Set<string> {
  const json = jsonObjectOf(rawText);
  const ids = new Set<string>();
  if (!isRecord(json) || !Array.isArray(json.verdicts)) return ids;
  for (const item of json.verdicts) {
    const id = itemIdOf(item);
    if (id !== undefined && VerdictSchema.safeParse(item).success) ids.add(id);
  }
  return ids;
}

/** The one verdict object meant for this answer, and whether it is in the compact v3 form. */
function verdictBodyOf(
  json: unknown,
  itemId: string | undefined,
): { verdict: unknown; compact: boolean } | undefined {
  if (!isRecord(json)) return undefined;
  if (!Array.isArray(json.verdicts)) {
    return itemId === undefined ? { verdict: json, compact: false } : undefined;
  }
  const items = json.verdicts.filter((item) => itemId === undefined || itemIdOf(item) === itemId);
  // Two verdicts for one id cannot be told apart: neither is trusted.
  return items.length === 1 ? { verdict: items[0], compact: true } : undefined;
}

function itemIdOf(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  const id = item.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type EntityEntry = z.output<typeof VerdictSchema>['entities'][number];

function checkedEntities(
  entries: readonly EntityEntry[],
  answerText: string,
  profile: CaseProfile,
): { entities: EntityVerdict[]; dropped: number } {
  const known = new Map(
    [profile, ...profile.competitors].map((e) => [normaliseForMatching(e.name.trim()), e]),
  );
  let dropped = 0;
  const entities: EntityVerdict[] = [];
  for (const entry of entries) {
    const entity = known.get(normaliseForMatching(entry.name.trim()));
    if (entity === undefined || entities.some((e) => e.name === entity.name)) continue;
    const claims = entry.mentioned || entry.absence_statement;
    const evidence = claims ? verifiedQuote(entry.evidence_quote, answerText) : null;
    if (claims && evidence === null) {
      dropped += 1;
      continue;
    }
    const mentioned = entry.mentioned && !entry.absence_statement;
    entities.push({
      name: entity.name,
      mentioned,
      absence_statement: entry.absence_statement,
      recommended: mentioned && entry.recommended,
      sentiment: mentioned ? entry.sentiment : null,
      evidence_quote: evidence,
    });
  }
  return { entities, dropped };
}

/**
 * judge-v3 leaves out the entities an answer does not refer to. One the matcher did not detect
 * either reads as "not mentioned", as judge-v2 said explicitly; one it did detect stays unjudged
 * (the deterministic result stands), since the contract asks for every detected entity.
 */
function leftOut(
  listed: readonly EntityVerdict[],
  answerText: string,
  profile: CaseProfile,
): EntityVerdict[] {
  const prepared = prepareText(answerText);
  return [profile, ...profile.competitors]
    .filter((e) => !listed.some((l) => l.name === e.name))
    .filter((e) => !detectEntity(prepared, e).detected)
    .map((e) => ({
      name: e.name,
      mentioned: false,
      absence_statement: false,
      recommended: false,
      sentiment: null,
      evidence_quote: null,
    }));
}

/**
 * Untracked brands: the quote must be verbatim and contain the name; names that are the brand,
 * a competitor or one of their aliases (or contain one) are not untracked and are skipped, and so
 * are names that cannot be a brand (a weekday, a year: brand-names.ts).
 */
function otherBrands(
  entries: readonly { name: string; evidence_quote: string | null }[],
  answerText: string,
  profile: CaseProfile,
): { kept: NonNullable<JudgeVerdict['other_brands']>; dropped: number } {
  const tracked = [profile, ...profile.competitors];
  const kept: NonNullable<JudgeVerdict['other_brands']> = [];
  let dropped = 0;
  for (const entry of entries) {
    if (kept.length >= MAX_OTHER_BRANDS) break;
    const key = normaliseForMatching(entry.name);
    if (!isPlausibleBrandName(entry.name)) continue;
    if (tracked.some((entity) => detectMentions(entry.name, entity).detected)) continue;
    if (kept.some((k) => normaliseForMatching(k.name) === key)) continue;
    const evidence = verifiedQuote(entry.evidence_quote, answerText);
    if (evidence === null || !normaliseForMatching(evidence).includes(key)) {
      dropped += 1;
      continue;
    }
    kept.push({ name: entry.name, evidence_quote: evidence });
  }
  return { kept, dropped };
}

/**
 * The quote as it occurs in the answer, or null. Verbatim up to runs of whitespace (models
 * re-flow line breaks); anything else, including changed quotes or ellipses, fails.
 */
export function verifiedQuote(candidate: string | null, answerText: string): string | null {
  if (candidate === null) return null;
  const words = candidate.trim().split(/\s+/).filter(Boolean);
  if (words.join('').length < 2) return null;
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'u');
  return pattern.exec(answerText)?.[0] ?? null;
}

/**
 * A bare JSON object, or one inside a single ```json fence; nothing else is accepted. The latest
 * reply is kept: a batched reply is read for each answer it judges, one after the other (the
 * parsed value is shared, readers only read it).
 */
const jsonObjectOf = lastCallMemo(jsonObjectOnce);

function jsonObjectOnce(rawText: string): unknown {
  const trimmed = rawText.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  const body = (fenced?.[1] ?? trimmed).trim();
  if (!body.startsWith('{') || !body.endsWith('}')) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Which family judges an answer: never the one that wrote it (a model grading itself is
 * lenient), Perplexity last (search-first, least suited to a strict JSON reply).
 */
const JUDGE_PREFERENCE: Record<ProviderFamily, ProviderFamily[]> = {
  openai: ['anthropic', 'google', 'perplexity'],
  anthropic: ['openai', 'google', 'perplexity'],
  google: ['openai', 'anthropic', 'perplexity'],
  perplexity: ['anthropic', 'openai', 'google'],
};

export function judgeFamilyFor(
  answerFamily: ProviderFamily,
  available: readonly ProviderFamily[],
): ProviderFamily | undefined {
  return JUDGE_PREFERENCE[answerFamily].find((family) => available.includes(family));
}
