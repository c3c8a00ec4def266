import { describe, expect, it } from 'vitest';
import { detectMentions } from '#shared/domain/monitor/engine/mentions';
import {
  buildPromptSet,
  casePrompts,
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  PROMPT_SET_VERSION,
  promptCatalogue,
} from '#shared/domain/monitor/engine/prompt-set';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import { PROFILE } from './builders.ts';

const BILINGUAL: CaseProfile = {
  ...PROFILE,
  languages: ['en', 'de'],
  fact_sheet: { founded: '2019', headquarters: 'Berlin', pricing: 'from $29 per month' },
};

describe('buildPromptSet', () => {
  it('asks every block, each prompt `repeats` times, with cell ids that start with the prompt id', () => {
    const set = buildPromptSet(PROFILE, { promptsPerBlock: 3, repeats: 2 });

    expect(new Set(set.cells.map((c) => c.block))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(set.cells).toHaveLength(4 * 3 * 2);
    expect(set.cells.slice(0, 2).map((c) => c.id)).toEqual(['A1-en-r1', 'A1-en-r2']);
    expect(new Set(set.cells.map((c) => c.id)).size).toBe(set.cells.length);
    for (const cell of set.cells) expect(cell.id.startsWith(`${cell.prompt_id}-en-r`)).toBe(true);
  });

  it('defaults to a directional read: about 50 prompts, 3 repeats', () => {
    const rich = {
      ...PROFILE,
      use_cases: ['funnel analysis', 'retention tracking', 'A/B testing', 'session replay'],
      fact_sheet: { ...PROFILE.fact_sheet, headquarters: 'Berlin', plans: 'Free, Team, Business' },
    };
    const set = buildPromptSet(rich);
    const prompts = new Set(set.cells.map((c) => c.prompt_id));

    expect(DEFAULT_REPEATS).toBe(3);
    expect(prompts.size).toBeGreaterThanOrEqual(40);
    expect(prompts.size).toBeLessThanOrEqual(4 * DEFAULT_PROMPTS_PER_BLOCK);
    expect(set.cells.length).toBe(prompts.size * 3);
  });

  it('names the brand in every B prompt and never in A or D prompts', () => {
    const { cells } = buildPromptSet(PROFILE, { promptsPerBlock: 20, repeats: 1 });

    for (const cell of cells) {
      expect(cell.branded, cell.prompt).toBe(detectMentions(cell.prompt, PROFILE).detected);
    }
    expect(cells.filter((c) => c.block === 'B').every((c) => c.branded)).toBe(true);
    expect(cells.filter((c) => c.block === 'A' || c.block === 'D').some((c) => c.branded)).toBe(
      false,
    );
    const comparisons = cells.filter((c) => c.block === 'C');
    expect(comparisons.some((c) => c.branded)).toBe(true);
    expect(comparisons.some((c) => !c.branded)).toBe(true);
  });

  it('asks one brand-fact question per kind of fact, in words, never the fact key', () => {
    const profile = {
      ...PROFILE,
      fact_sheet: { founded: '2019', founding_year: '2019', hq_city: 'Berlin', x_factor: 'y' },
    };
    const prompts = casePrompts(profile, 20).filter((p) => p.prompt_id.startsWith('B2-'));

    expect(prompts.map((p) => [p.prompt_id, p.text, p.facts])).toEqual([
      ['B2-founded', 'When was Acme Analytics founded?', ['founded', 'founding_year']],
      ['B2-headquarters', 'Where is Acme Analytics headquartered?', ['hq_city']],
      ['B2-other', 'What are the most important facts about Acme Analytics?', ['x_factor']],
    ]);
    for (const prompt of casePrompts(profile, 20)) {
      expect(prompt.text).not.toMatch(/founding_year|hq_city|x_factor|“|„/);
    }
  });

  it('writes the prompts of each language in that language, with its own values only', () => {
    const prompts = casePrompts(BILINGUAL, 20);
    const german = prompts.filter((p) => p.language === 'de');

    expect(german.map((p) => p.text)).toContain('Wann wurde Acme Analytics gegründet?');
    expect(german.map((p) => p.text)).toContain('Wo hat Acme Analytics seinen Hauptsitz?');
    for (const prompt of german) {
      // The case's English fields never appear in a German question, nor do fact keys.
      expect(prompt.text).not.toMatch(
        /product analytics|small SaaS teams|Germany|funnel|retention|founded|headquarters|pricing/,
      );
    }
    expect(german.every((p) => p.block === 'B' || p.block === 'C')).toBe(true);
  });

  it("uses a language's translations of the case fields for its prompts", () => {
    const translated: CaseProfile = {
      ...BILINGUAL,
      translations: {
        de: {
          category: 'Produktanalyse',
          icp: 'kleine SaaS-Teams',
          region: 'Deutschland',
          use_cases: ['Trichteranalyse'],
        },
      },
    };
    const german = casePrompts(translated, 20).filter((p) => p.language === 'de');

    expect(german.map((p) => p.text)).toContain(
      'Welche Anbieter für Produktanalyse würdest du kleine SaaS-Teams in Deutschland empfehlen?',
    );
    expect(german.some((p) => p.text.includes('Trichteranalyse'))).toBe(true);
    expect(new Set(german.map((p) => p.block))).toEqual(new Set(['A', 'B', 'C', 'D']));
  });

  it('generates nothing in a language without templates: the customer writes those prompts', () => {
    const prompts = casePrompts({ ...PROFILE, languages: ['en', 'ja'] }, 5);

    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.every((p) => p.language === 'en')).toBe(true);
    expect(prompts.some((p) => p.text.includes('Please answer in'))).toBe(false);
  });

  it('keeps a prompt id while the case changes around it', () => {
    const before = casePrompts(PROFILE, 50).map((p) => [p.id, p.text]);
    const wider = casePrompts(
      {
        ...PROFILE,
        icp: 'mid-sized retailers',
        competitors: [{ name: 'Hooli', domain: null, aliases: [] }, ...PROFILE.competitors],
      },
      50,
    );
    const after = new Map(wider.map((p) => [p.id, p.text]));

    const alternatives = before.find(([, text]) => text?.includes('alternatives to Initech'));
    expect(after.get(alternatives?.[0] ?? '')).toBe(alternatives?.[1]);
    expect(after.get('A1-en')).toBe(
      'Which product analytics providers would you recommend for mid-sized retailers in Germany?',
    );
  });

  it('versions the set by template version and what is asked, not by repeats', () => {
    const one = buildPromptSet(PROFILE);
    const again = buildPromptSet(PROFILE);
    const edited = buildPromptSet({ ...PROFILE, category: 'web analytics' });
    const moreRepeats = buildPromptSet(PROFILE, { repeats: 5 });

    expect(one.version).toMatch(new RegExp(`^${PROMPT_SET_VERSION}\\.[0-9a-f]{12}$`));
    expect(again.version).toBe(one.version);
    expect(edited.version).not.toBe(one.version);
    expect(moreRepeats.version).toBe(one.version);
  });

  it('skips templates whose placeholders the case cannot fill', () => {
    const bare = { ...PROFILE, competitors: [], use_cases: [], fact_sheet: {} };
    const { cells } = buildPromptSet(bare, { promptsPerBlock: 50, repeats: 1 });

    expect(cells.some((c) => /\{\w+\}/.test(c.prompt))).toBe(false);
    expect(cells.filter((c) => c.block === 'C').map((c) => c.prompt)).toEqual([
      'How do the leading product analytics providers compare for small SaaS teams?',
    ]);
  });

  it.each([0, -1, 1.5, 1000])('refuses %s prompts per block', (promptsPerBlock) => {
    expect(() => buildPromptSet(PROFILE, { promptsPerBlock })).toThrow(RangeError);
  });
});

describe('promptCatalogue', () => {
  it('contains every prompt any prompt set of the case can ask', () => {
    const catalogue = new Set(promptCatalogue(PROFILE).map((p) => p.prompt));

    for (const cell of buildPromptSet(PROFILE, { promptsPerBlock: 7 }).cells) {
      expect(catalogue.has(cell.prompt)).toBe(true);
    }
  });

  it('records which competitor a comparison prompt names and which facts a question asks', () => {
    const catalogue = promptCatalogue(PROFILE);
    const alternatives = catalogue.find((p) =>
      p.prompt.startsWith('What are the best alternatives to Initech'),
    );

    expect(alternatives).toMatchObject({ block: 'C', branded: false, competitors: ['Initech'] });
    expect(catalogue.find((p) => p.prompt_id === 'B2-pricing')?.facts).toEqual(['pricing']);
  });
});
