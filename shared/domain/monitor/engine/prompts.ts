/**
 * The generated prompts of a case (docs/monitor.md "Prompts" and "Method", Prompt blocks): blocks
 * A-D, written in each case language from that language's templates and that language's values
 * of the case fields. The case's own fields are in its first language; another language takes
 * them from `translations`, and a template that needs a field the language has no value for is
 * not used there (never the first language's words pasted into another language's question).
 * A language without templates gets no generated prompts: the customer writes their own.
 *
 * Each generated prompt has an id that stays while the case does: the template, plus a short hash
 * of the competitor or use case it was filled with (`C1-3fa9c1`), or the kind of fact it asks
 * about (`B2-founded`). The customer's edits (prompt-set.ts) are keyed by these ids.
 */
import { sha256Hex } from '#shared/domain/kernel/hash';
import { factKindsOf } from './fact-kinds.ts';
import { detectMentions } from './mentions.ts';
import {
  PROMPT_TEMPLATES,
  type PromptTemplate,
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
} from './prompt-templates.ts';
import {
  type CaseProfile,
  type CaseTranslation,
  PROMPT_BLOCKS,
  type PromptBlock,
} from './types.ts';

/** A prompt as the case's list shows it and a run asks it. */
export interface CasePrompt {
  /** `<prompt_id>-<language>`: unique in the list; the cells of a run start with it. */
  id: string;
  /** The prompt regardless of language: the template and what filled it. */
  prompt_id: string;
  block: PromptBlock;
  language: string;
  text: string;
  enabled: boolean;
  /** `generated` from the templates, `custom` when the customer wrote or reworded it. */
  source: 'generated' | 'custom';
  /** The generated wording of a reworded prompt; null otherwise. */
  generated_text: string | null;
  /** The prompt names the brand: its answers do not count for visibility. */
  branded: boolean;
  /** Competitor names the prompt itself names (share of answer leaves those mentions out). */
  competitors: string[];
  /** Fact-sheet keys a brand-fact question asks about. */
  facts: string[];
}

type Values = Partial<Record<string, string>>;

interface Candidate {
  template: PromptTemplate;
  values: Values;
  /** What distinguishes candidates of one template: a competitor, a use case, a fact kind. */
  axis: string;
  facts: string[];
}

/** The code of a language without region, if the templates are written in it. */
export function templateLanguageOf(code: string): TemplateLanguage | undefined {
  const primary = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return TEMPLATE_LANGUAGES.find((language) => language === primary);
}

/** The case languages, trimmed and without repeats (the first is the case's own). */
export function caseLanguages(profile: CaseProfile): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const language of profile.languages.map((l) => l.trim()).filter(Boolean)) {
    if (seen.has(language.toLowerCase())) continue;
    seen.add(language.toLowerCase());
    out.push(language);
  }
  return out.length > 0 ? out : ['en'];
}

/** The case's free-text fields in one of its languages; empty where none is given. */
export function fieldsIn(profile: CaseProfile, language: string): Required<CaseTranslation> {
  const [first] = caseLanguages(profile);
  if (first?.toLowerCase() === language.toLowerCase()) {
    return {
      category: profile.category,
      icp: profile.icp,
      region: profile.region,
      use_cases: profile.use_cases,
    };
  }
  const entry = Object.entries(profile.translations ?? {}).find(
    ([code]) => code.toLowerCase() === language.toLowerCase(),
  )?.[1];
  return {
    category: entry?.category ?? '',
    icp: entry?.icp ?? '',
    region: entry?.region ?? '',
    use_cases: entry?.use_cases ?? [],
  };
}

/** Every generated prompt of the case, at most `perBlock` per block and language, all enabled. */
export function generatedPrompts(profile: CaseProfile, perBlock: number): CasePrompt[] {
  const out: CasePrompt[] = [];
  for (const block of PROMPT_BLOCKS) {
    for (const language of caseLanguages(profile)) {
      const own = templateLanguageOf(language);
      if (!own) continue;
      for (const candidate of blockCandidates(profile, block, language).slice(0, perBlock)) {
        const prompt_id = candidate.axis
          ? `${candidate.template.id}-${candidate.axis}`
          : candidate.template.id;
        const text = candidate.template.text[own].replace(
          /\{(\w+)\}/g,
          (_match, name: string) => candidate.values[name] ?? '',
        );
        out.push({
          id: `${prompt_id}-${language}`,
          prompt_id,
          block,
          language,
          text,
          enabled: true,
          source: 'generated',
          generated_text: null,
          branded: detectMentions(text, profile).detected,
          competitors: candidate.values.competitor ? [candidate.values.competitor] : [],
          facts: candidate.facts,
        });
      }
    }
  }
  return out;
}

/** Candidates of one block, round-robin over its templates so a small block is still varied. */
function blockCandidates(profile: CaseProfile, block: PromptBlock, language: string): Candidate[] {
  const fields = fieldsIn(profile, language);
  const base: Values = {
    brand: profile.name.trim(),
    domain: profile.domain.trim(),
    category: fields.category.trim(),
    icp: fields.icp.trim(),
    region: fields.region.trim(),
  };
  const groups = new Map<string, Candidate[]>();
  for (const template of PROMPT_TEMPLATES.filter((t) => t.block === block)) {
    const list = groups.get(template.id) ?? [];
    list.push(...expand(template, base, profile, fields.use_cases));
    groups.set(template.id, list);
  }
  const perTemplate = [...groups.values()];
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

function expand(
  template: PromptTemplate,
  base: Values,
  profile: CaseProfile,
  useCases: readonly string[],
): Candidate[] {
  if (template.fact) {
    const keys = factKindsOf(profile.fact_sheet).get(template.fact);
    return keys ? [{ template, values: base, axis: template.fact, facts: keys }] : [];
  }
  const text = template.text.en;
  const axes: [string, string[]][] = [
    ['use_case', unique(useCases.map((u) => u.trim()).filter(Boolean))],
    ['competitor', unique(profile.competitors.map((c) => c.name.trim()).filter(Boolean))],
  ];
  let combos: Values[] = [base];
  for (const [name, values] of axes) {
    if (!text.includes(`{${name}}`)) continue;
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  const needed = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return combos
    .filter((values) => needed.every((name) => (values[name] ?? '') !== ''))
    .map((values) => ({ template, values, axis: axisOf(text, values), facts: [] }));
}

/** A short, stable hash of the competitor and use case a template was filled with. */
function axisOf(text: string, values: Values): string {
  const parts = ['competitor', 'use_case']
    .filter((name) => text.includes(`{${name}}`))
    .map((name) => (values[name] ?? '').normalize('NFKC').toLowerCase());
  if (parts.length === 0) return '';
  return sha256Hex(parts.join('\u0000')).slice(0, 6);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
