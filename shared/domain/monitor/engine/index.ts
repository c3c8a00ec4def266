/**
 * The monitor's measurement engine: pure functions from a case and its answers to the run
 * summary. No I/O, no clock, no randomness: the same inputs always give the same summary, so a
 * stored run can be re-scored by a later version.
 */
export { buildJudgePrompt, judgeFamilyFor, parseJudgeVerdict } from './judge.ts';
export { measureAnswer } from './measure.ts';
export { buildPromptSet, type PromptSetOptions } from './prompts.ts';
export { summariseRun } from './summary.ts';
export { type RunSummary, RunSummarySchema } from './summary-schema.ts';
export * from './types.ts';
