/**
 * The prompt cells of a run: blocks A-D, one language variant per case language, each prompt
 * asked `repeats` times (per family and mode; the workflow multiplies by those).
 */

import { sha256Hex } from '#shared/domain/kernel/hash';
import { detectMentions } from './mentions.ts';
import {
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  MAX_PROMPTS_PER_BLOCK,
  MAX_REPEATS,
} from './prompt-limits.ts';
import {
  PROMPT_TEMPLATES,
  type PromptTemplate,
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
} from './prompt-templates.ts';
import { type CaseProfile, PROMPT_BLOCKS, type PromptBlock, type PromptCell } from './types.ts';

/** Version of the templates and of how they are filled; part of every prompt set version. */
export const PROMPT_SET_VERSION = 'v1';
export { DEFAULT_PROMPTS_PER_BLOCK, DEFAULT_REPEATS, MAX_PROMPTS_PER_BLOCK, MAX_REPEATS };

export interface PromptSetOptions {
  promptsPerBlock?: number;
  repeats?: number;
}

export interface PromptSet {
  /** `v1.<hash>`: the template version and a hash of the prompts (case fields change it). */
  version: string;
  cells: PromptCell[];
}

/** One distinct prompt of a case, before repeats. */
export interface CataloguePrompt {
  block: PromptBlock;
  prompt_id: string;
  prompt: string;
  language: string;
  branded: boolean;
  /** Competitor names the prompt itself names (C block templates). */
  competitors: string[];
}

export function buildPromptSet(profile: CaseProfile, options: PromptSetOptions = {}): PromptSet {
  const perBlock = checkedCount(
    options.promptsPerBlock,
    DEFAULT_PROMPTS_PER_BLOCK,
    'promptsPerBlock',
    MAX_PROMPTS_PER_BLOCK,
  );
  const repeats = checkedCount(options.repeats, DEFAULT_REPEATS, 'repeats', MAX_REPEATS);
  const prompts = promptCatalogue(profile, perBlock);
  const hash = sha256Hex(
    JSON.stringify(prompts.map((p) => [p.prompt_id, p.language, p.prompt, p.branded])),
  ).slice(0, 12);
  const cells = prompts.flatMap((prompt) =>
    Array.from({ length: repeats }, (_, index) => ({
      id: `${prompt.prompt_id}-${prompt.language}-r${index + 1}`,
      block: prompt.block,
      prompt_id: prompt.prompt_id,
      prompt: prompt.prompt,
      language: prompt.language,
      repeat: index + 1,
      branded: prompt.branded,
    })),
  );
  return { version: `${PROMPT_SET_VERSION}.${hash}`, cells };
}

/**
 * Every distinct prompt of the case, block by block, at most `perBlock` per block and
 * language. With the default cap of MAX_PROMPTS_PER_BLOCK this is every prompt any prompt set
 * of the case can contain (the simulator uses it to recognise which case a prompt is about).
 */
export function promptCatalogue(
  profile: CaseProfile,
  perBlock = MAX_PROMPTS_PER_BLOCK,
): CataloguePrompt[] {
  const languages = unique(profile.languages.map((l) => l.trim()).filter(Boolean));
  const out: CataloguePrompt[] = [];
  for (const block of PROMPT_BLOCKS) {
    const candidates = blockCandidates(profile, block).slice(0, perBlock);
    candidates.forEach((candidate, index) => {
      const prompt_id = `${block}-${String(index + 1).padStart(2, '0')}`;
      for (const language of languages.length > 0 ? languages : ['en']) {
        const prompt = renderPrompt(candidate.template, candidate.values, language);
        const branded = detectMentions(prompt, profile).detected;
        out.push({
          block,
          prompt_id,
          prompt,
          language,
          branded,
          competitors: candidate.values.competitor ? [candidate.values.competitor] : [],
        });
      }
    });
  }
  return out;
}

type Values = Partial<Record<string, string>>;

interface Candidate {
  template: PromptTemplate;
  values: Values;
}

/** Candidates of one block, round-robin over its templates so a small block is still varied. */
function blockCandidates(profile: CaseProfile, block: PromptBlock): Candidate[] {
  const base: Values = {
    brand: profile.name.trim(),
    domain: profile.domain.trim(),
    category: profile.category.trim(),
    icp: profile.icp.trim(),
    region: profile.region.trim(),
  };
  const perTemplate = PROMPT_TEMPLATES.filter((template) => template.block === block).map(
    (template) => expand(template, base, profile),
  );
  const out: Candidate[] = [];
  const longest = Math.max(0, ...perTemplate.map((list) => list.length));
  for (let round = 0; round < longest; round += 1) {
    for (const list of perTemplate) {
      const candidate = list[round];
      if (candidate) out.push(candidate);
    }
  }
  return out;
}

function expand(template: PromptTemplate, base: Values, profile: CaseProfile): Candidate[] {
  const text = template.text.en;
  const axes: [string, string[]][] = [
    ['use_case', unique(profile.use_cases.map((u) => u.trim()).filter(Boolean))],
    ['competitor', unique(profile.competitors.map((c) => c.name.trim()).filter(Boolean))],
    ['fact', Object.keys(profile.fact_sheet).map(humaniseKey).filter(Boolean)],
  ];
  let combos: Values[] = [base];
  for (const [name, values] of axes) {
    if (!text.includes(`{${name}}`)) continue;
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  const needed = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return combos
    .filter((values) => needed.every((name) => (values[name] ?? '') !== ''))
    .map((values) => ({ template, values }));
}

function renderPrompt(template: PromptTemplate, values: Values, language: string): string {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const own = TEMPLATE_LANGUAGES.find((l) => l === primary) as TemplateLanguage | undefined;
  const filled = (own ? template.text[own] : template.text.en).replace(
    /\{(\w+)\}/g,
    (_match, name: string) => values[name] ?? '',
  );
  // No template in that language: ask in English for an answer in it.
  return own ? filled : `${filled} Please answer in ${languageName(language)}.`;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `founded_year` -> `founded year`; `HQ` stays `HQ`. */
export function humaniseKey(key: string): string {
  return key.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function checkedCount(value: number | undefined, fallback: number, name: string, max: number) {
  const count = value ?? fallback;
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}, got ${value}`);
  }
  return count;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
