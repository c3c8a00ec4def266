/**
 * A case's prompt set (docs/monitor.md "Prompts"): the generated prompts (prompts.ts) with the
 * customer's edits applied (some switched off, some reworded) and the customer's own prompts.
 * The list is what `GET /api/v1/cases/{id}/prompts` shows and exactly what a run asks: each
 * enabled prompt `repeats` times per family and mode. Its version is the template version and a
 * hash of the enabled prompts, so any change to what is asked changes it, and two runs with the
 * same version asked the same questions (docs/monitor.md "Method", Delta).
 */
import { sha256Hex } from '#shared/domain/kernel/hash';
import { detectMentions } from './mentions.ts';
import {
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  MAX_PROMPTS_PER_BLOCK,
  MAX_REPEATS,
} from './prompt-limits.ts';
import { type CasePrompt, caseLanguages, generatedPrompts } from './prompts.ts';
import {
  type CaseProfile,
  type CustomPrompt,
  PROMPT_BLOCKS,
  type PromptCell,
  type PromptEdits,
} from './types.ts';

/** Version of the templates and of how they are filled; part of every prompt set version. */
export const PROMPT_SET_VERSION = 'v2';
export { DEFAULT_PROMPTS_PER_BLOCK, DEFAULT_REPEATS, MAX_PROMPTS_PER_BLOCK, MAX_REPEATS };

export interface PromptSetOptions {
  promptsPerBlock?: number;
  repeats?: number;
}

export interface PromptSet {
  /** `v2.<hash>`: the template version and a hash of the enabled prompts. */
  version: string;
  /** Every prompt of the case, enabled or not, in the order a run asks them. */
  prompts: CasePrompt[];
  /** The enabled prompts, each `repeats` times. */
  cells: PromptCell[];
}

const NO_EDITS: PromptEdits = { disabled: [], rewritten: {}, custom: [] };

/** The case's prompts: generated ones with the edits applied, then its own, block by block. */
export function casePrompts(profile: CaseProfile, perBlock: number): CasePrompt[] {
  const edits = profile.prompt_edits ?? NO_EDITS;
  const disabled = new Set(edits.disabled);
  const generated = generatedPrompts(profile, perBlock).map((prompt): CasePrompt => {
    const rewritten = edits.rewritten[prompt.id];
    const enabled = !disabled.has(prompt.id);
    if (rewritten === undefined || rewritten === prompt.text) return { ...prompt, enabled };
    return {
      ...written(profile, rewritten),
      ...prompt,
      text: rewritten,
      enabled,
      source: 'custom',
      generated_text: prompt.text,
      branded: detectMentions(rewritten, profile).detected,
      competitors: namedCompetitors(profile, rewritten),
    };
  });
  const languages = caseLanguages(profile);
  const own = edits.custom.flatMap((custom): CasePrompt[] => {
    const language = languages.find((l) => l.toLowerCase() === custom.language.toLowerCase());
    return language ? [customPrompt(profile, { ...custom, language })] : [];
  });
  return PROMPT_BLOCKS.flatMap((block) => [
    ...generated.filter((prompt) => prompt.block === block),
    ...own.filter((prompt) => prompt.block === block),
  ]);
}

function customPrompt(profile: CaseProfile, custom: CustomPrompt): CasePrompt {
  return {
    ...written(profile, custom.text),
    id: `${custom.prompt_id}-${custom.language}`,
    prompt_id: custom.prompt_id,
    block: custom.block,
    language: custom.language,
    enabled: custom.enabled,
  };
}

/** The fields a prompt's own text decides. */
function written(profile: CaseProfile, text: string) {
  return {
    text,
    source: 'custom' as const,
    generated_text: null,
    branded: detectMentions(text, profile).detected,
    competitors: namedCompetitors(profile, text),
    facts: [],
  };
}

function namedCompetitors(profile: CaseProfile, text: string): string[] {
  return profile.competitors
    .filter((competitor) => detectMentions(text, competitor).detected)
    .map((competitor) => competitor.name);
}

export function buildPromptSet(profile: CaseProfile, options: PromptSetOptions = {}): PromptSet {
  const perBlock = checkedCount(
    options.promptsPerBlock,
    DEFAULT_PROMPTS_PER_BLOCK,
    'promptsPerBlock',
    MAX_PROMPTS_PER_BLOCK,
  );
  const repeats = checkedCount(options.repeats, DEFAULT_REPEATS, 'repeats', MAX_REPEATS);
  const prompts = casePrompts(profile, perBlock);
  const enabled = prompts.filter((prompt) => prompt.enabled);
  const cells = enabled.flatMap((prompt) =>
    Array.from({ length: repeats }, (_, index) => ({
      id: `${prompt.id}-r${index + 1}`,
      block: prompt.block,
      prompt_id: prompt.prompt_id,
      prompt: prompt.text,
      language: prompt.language,
      repeat: index + 1,
      branded: prompt.branded,
    })),
  );
  return { version: promptSetVersion(enabled), prompts, cells };
}

/** The template version and a hash of what is asked: ids, languages, wording, branded. */
function promptSetVersion(enabled: readonly CasePrompt[]): string {
  const hash = sha256Hex(
    JSON.stringify(enabled.map((p) => [p.id, p.language, p.text, p.branded])),
  ).slice(0, 12);
  return `${PROMPT_SET_VERSION}.${hash}`;
}

/** One distinct prompt a case can ask, before repeats (the simulator recognises prompts by it). */
export interface CataloguePrompt {
  block: CasePrompt['block'];
  prompt_id: string;
  prompt: string;
  language: string;
  branded: boolean;
  competitors: string[];
  facts: string[];
}

/**
 * Every prompt any prompt set of the case can contain: all its prompts, enabled or not, with
 * the largest block size.
 */
export function promptCatalogue(profile: CaseProfile): CataloguePrompt[] {
  return casePrompts(profile, MAX_PROMPTS_PER_BLOCK).map((prompt) => ({
    block: prompt.block,
    prompt_id: prompt.prompt_id,
    prompt: prompt.text,
    language: prompt.language,
    branded: prompt.branded,
    competitors: prompt.competitors,
    facts: prompt.facts,
  }));
}

function checkedCount(value: number | undefined, fallback: number, name: string, max: number) {
  const count = value ?? fallback;
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${value}`);
  }
  return count;
}

export { NO_EDITS };
