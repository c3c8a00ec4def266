import { describe, expect, it } from 'vitest';
import { detectMentions } from '#shared/domain/monitor/engine/mentions';
import {
  buildPromptSet,
  DEFAULT_PROMPTS_PER_BLOCK,
  DEFAULT_REPEATS,
  PROMPT_SET_VERSION,
  promptCatalogue,
} from '#shared/domain/monitor/engine/prompts';
import { PROFILE } from './builders.ts';

describe('buildPromptSet', () => {
  it('asks every block, each prompt `repeats` times, with stable cell ids', () => {
    const set = buildPromptSet(PROFILE, { promptsPerBlock: 3, repeats: 2 });

    expect(new Set(set.cells.map((c) => c.block))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(set.cells).toHaveLength(4 * 3 * 2);
    expect(set.cells.slice(0, 2).map((c) => c.id)).toEqual(['A-01-en-r1', 'A-01-en-r2']);
    expect(new Set(set.cells.map((c) => c.id)).size).toBe(set.cells.length);
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
    expect(prompts.size).toBeGreaterThanOrEqual(45);
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

  it('asks one B prompt per fact-sheet key', () => {
    const { cells } = buildPromptSet(PROFILE, { promptsPerBlock: 20, repeats: 1 });
    const facts = cells.filter((c) => c.block === 'B' && c.prompt.includes('regarding'));

    expect(facts.map((c) => c.prompt)).toEqual([
      'What can you tell me about Acme Analytics regarding “pricing”?',
      'What can you tell me about Acme Analytics regarding “founded”?',
    ]);
  });

  it('writes prompts in each case language, English with a request where no template exists', () => {
    const set = buildPromptSet({ ...PROFILE, languages: ['de-CH', 'ja'] }, { promptsPerBlock: 1 });
    const first = set.cells.filter((c) => c.prompt_id === 'A-01' && c.repeat === 1);

    expect(first.map((c) => [c.id, c.prompt])).toEqual([
      [
        'A-01-de-CH-r1',
        'Welche Anbieter für product analytics würdest du small SaaS teams in Germany empfehlen?',
      ],
      [
        'A-01-ja-r1',
        'Which product analytics providers would you recommend for small SaaS teams in Germany? Please answer in Japanese.',
      ],
    ]);
  });

  it('versions the set by template version and prompt content', () => {
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

  it('records which competitor a comparison prompt names', () => {
    const alternatives = promptCatalogue(PROFILE).find((p) =>
      p.prompt.startsWith('What are the best alternatives to Initech'),
    );

    expect(alternatives).toMatchObject({ block: 'C', branded: false, competitors: ['Initech'] });
  });
});
