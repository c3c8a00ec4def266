/**
 * The vocabulary of the measurement engine: what a run asks (prompt cells), what the workflow
 * stores per answer (`AnswerRecord`), what the judge says (`JudgeVerdict`) and the small,
 * storable per-answer result (`AnswerMeasurement`) that the summary is built from.
 * Everything here is plain JSON so the workflow can keep it in the store and re-score later.
 */
import type {
  AskMode,
  Citation,
  ProviderFamily,
  TokenUsage,
} from '#shared/domain/monitor/provider-port';

/**
 * A unbranded discovery, B brand facts, C comparisons, D use cases (docs/monitor.md, "Method",
 * Prompt blocks).
 */
export const PROMPT_BLOCKS = ['A', 'B', 'C', 'D'] as const;
export type PromptBlock = (typeof PROMPT_BLOCKS)[number];

export interface CompetitorProfile {
  name: string;
  /** The competitor's site, so a cited domain can be attributed to it; null when unknown. */
  domain: string | null;
  aliases: string[];
}

/**
 * The case fields measurement needs (the case of docs/api.md, `get_case`, plus aliases and competitor
 * domains).
 */
export interface CaseProfile {
  id: string;
  name: string;
  domain: string;
  aliases: string[];
  category: string;
  icp: string;
  competitors: CompetitorProfile[];
  use_cases: string[];
  region: string;
  /** Language codes such as `en` or `de-CH`; prompts are written in each. */
  languages: string[];
  /** Ground truth for accuracy: fact key to value. */
  fact_sheet: Record<string, string>;
}

export interface PromptCell {
  /** Stable within a prompt set: `<prompt_id>-<language>-r<repeat>`, e.g. `A-03-en-r1`. */
  id: string;
  block: PromptBlock;
  /** The prompt regardless of language and repeat, e.g. `A-03`. */
  prompt_id: string;
  prompt: string;
  language: string;
  /** 1-based repeat index: the same prompt is asked `repeats` times per family and mode. */
  repeat: number;
  /** True when the prompt names the brand; visibility only counts unbranded answers. */
  branded: boolean;
}

/** What the workflow stores for one asked cell (one family, one mode). */
export interface AnswerRecord extends PromptCell {
  family: ProviderFamily;
  mode: AskMode;
  text: string;
  citations: Citation[];
  /** The model the provider says it served. */
  model: string;
  usage: TokenUsage;
  latency_ms: number;
  searched: boolean;
  /** The web-search queries the model issued; absent in answers stored before they were kept. */
  search_queries?: string[];
}

export const FACT_STATUSES = [
  'correct',
  'partially_correct',
  'incorrect',
  'outdated',
  'not_mentioned',
  'unknown',
] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

/** Statuses that say the answer made a claim about the fact (the accuracy denominator). */
export const ADDRESSED_STATUSES: readonly FactStatus[] = [
  'correct',
  'partially_correct',
  'incorrect',
  'outdated',
];

export interface EntityVerdict {
  /** The entity's name exactly as the case spells it. */
  name: string;
  mentioned: boolean;
  /** "I couldn't find information about X": the name occurs, the entity is not discussed. */
  absence_statement: boolean;
  recommended: boolean;
  /** -2 (very negative) .. 2 (very positive) toward this entity; null when not mentioned. */
  sentiment: number | null;
  /** Verbatim from the answer (checked in code); null when not mentioned. */
  evidence_quote: string | null;
}

export interface FactVerdict {
  key: string;
  status: FactStatus;
  claimed_value: string | null;
  /** Verbatim from the answer (checked in code); required for every addressed status. */
  evidence_quote: string | null;
}

/** A judge answer that passed the contract; entries with unverifiable quotes are already dropped. */
export interface JudgeVerdict {
  entities: EntityVerdict[];
  facts: FactVerdict[];
  /** How many entries were dropped because their quote is not in the answer. */
  dropped_quotes: number;
  /** Untracked brands the answer names for the category (judge-v2), with verified quotes. */
  other_brands?: { name: string; evidence_quote: string }[];
}

/** Who judged an answer and what it cost; the verdict itself may be unreadable (undefined). */
export interface JudgeCall {
  family: ProviderFamily;
  model: string;
  /** This answer's share of the call's tokens. */
  usage: TokenUsage;
  /** The share of provider calls this answer accounts for (absent: 1; 1/n in a call of n). */
  calls?: number;
}

/**
 * How an entity's mention stands after the judge. `not_judged`: no readable verdict for it,
 * so the deterministic result stands.
 */
export type JudgeOutcome = 'confirmed' | 'rejected' | 'absence' | 'not_judged';

export interface EntityMeasurement {
  name: string;
  is_self: boolean;
  /** The prompt itself names the entity, so a mention only echoes the question. */
  in_prompt: boolean;
  /** Deterministic: a name or alias occurs in the answer outside link surfaces. */
  detected: boolean;
  occurrences: number;
  /** Offset of the first occurrence as a fraction of the answer length (0 = first word). */
  first_position: number | null;
  /** The entity's registrable domain is written in the answer (a separate signal). */
  domain_in_text: boolean;
  /** Every matched term is three characters or shorter: a homonym risk worth a look. */
  ambiguous: boolean;
  judge: JudgeOutcome;
  /** The mention that counts: detected and confirmed, or detected and not judged. */
  counted: boolean;
  /** The judge saw a mention the deterministic matcher did not: an alias suggestion, not counted. */
  judge_only: boolean;
  /** -2..2 from the judge, only for counted mentions. */
  sentiment: number | null;
  recommended: boolean | null;
}

export interface FactMeasurement {
  key: string;
  status: FactStatus;
  claimed_value: string | null;
  evidence_quote: string | null;
}

export interface UsageCounts {
  input_tokens: number;
  output_tokens: number;
  /** False when the provider reported no token counts for the call. */
  reported: boolean;
}

/** The small, storable result of measuring one answer. */
export interface AnswerMeasurement {
  cell_id: string;
  block: PromptBlock;
  prompt_id: string;
  language: string;
  repeat: number;
  branded: boolean;
  family: ProviderFamily;
  mode: AskMode;
  model: string;
  judged: boolean;
  judge_family: ProviderFamily | null;
  judge_model: string | null;
  dropped_quotes: number;
  /** The brand first, then the competitors in case order. */
  entities: EntityMeasurement[];
  /** Only fact keys the judge reported on with a status other than `not_mentioned`. */
  facts: FactMeasurement[];
  /** Registrable domain to the number of distinct cited URLs on it. */
  cited_domains: Record<string, number>;
  /** Source category (source-category.ts) to the number of distinct cited URLs in it. */
  cited_categories: Record<string, number>;
  /** The web-search queries the model issued (empty when none were reported). */
  search_queries: string[];
  /** Untracked brands the judge found named for the category (empty without a verdict). */
  other_brands: string[];
  searched: boolean;
  latency_ms: number;
  usage: UsageCounts;
  judge_usage: UsageCounts | null;
  /** Share of judge provider calls (1/n for an answer judged in a call of n); absent: 1 if judged. */
  judge_calls?: number;
}
