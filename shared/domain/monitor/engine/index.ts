/**
 * The monitor's measurement engine: pure functions from a case and its answers to the run
 * summary. No I/O, no clock, no randomness: the same inputs always give the same summary, so a
 * stored run can be re-scored by a later version.
 */
export {
  accuracyOf,
  dimensionsOf,
  SCORE_VERSION,
  SCORE_WEIGHTS,
  scoreOf,
  sentimentOf,
  visibilityOf,
} from './aggregate.ts';
export { DEFAULT_PRICES, runUsage } from './cost.ts';
export { computeDelta, type PreviousRun, type PreviousSummary } from './delta.ts';
export { findGaps, MAX_GAPS } from './gaps.ts';
export {
  buildJudgePrompt,
  JUDGE_PROMPT_MARKER,
  JUDGE_VERSION,
  type JudgeInput,
  judgeFamilyFor,
  parseJudgeVerdict,
  readJudgeInput,
  verifiedQuote,
} from './judge.ts';
export { measureAnswer } from './measure.ts';
export {
  detectEntity,
  detectMentions,
  type EntityDetection,
  type EntityTerms,
  normaliseForMatching,
  type PreparedText,
  prepareText,
} from './mentions.ts';
export {
  buildPromptSet,
  type CataloguePrompt,
  casePrompts,
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  MAX_PROMPTS_PER_BLOCK,
  MAX_REPEATS,
  PROMPT_SET_VERSION,
  type PromptSet,
  type PromptSetOptions,
  promptCatalogue,
} from './prompt-set.ts';
export type { CasePrompt } from './prompts.ts';
export { type RateInterval, wilson } from './statistics.ts';
export { type SummariseInput, summariseRun } from './summary.ts';
export {
  type CitedDomain,
  type ModelPrice,
  type RunSummary,
  RunSummarySchema,
  type ShareOfAnswerEntry,
  type SummaryDelta,
} from './summary-schema.ts';
export * from './types.ts';
