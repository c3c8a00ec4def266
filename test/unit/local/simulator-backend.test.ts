import { describe, expect, it } from 'vitest';
import { plainText } from '#local/simulator/answer';
import { type CaseAnswerSettings, composeCaseAnswer } from '#local/simulator/case-answer';
import { CaseIndex, type CaseMatch } from '#local/simulator/cases';
import { composeJudgeReply } from '#local/simulator/judge-reply';
import { DEFAULT_RATES, ratesFor } from '#local/simulator/rates';
import {
  buildJudgePrompt,
  parseJudgeVerdict,
  readJudgeInput,
} from '#shared/domain/monitor/engine/judge';
import { detectMentions } from '#shared/domain/monitor/engine/mentions';
import { promptCatalogue } from '#shared/domain/monitor/engine/prompt-set';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import { PROFILE } from '#test/unit/domain/monitor/builders';

const catalogue = promptCatalogue(PROFILE);

function matchOf(predicate: (prompt: string) => boolean): CaseMatch[] {
  const prompt = catalogue.find((p) => predicate(p.prompt));
  if (!prompt) throw new Error('no such prompt in the catalogue');
  return [{ profile: PROFILE, prompt }];
}

const DISCOVERY = matchOf((p) => p.startsWith('Which product analytics providers would you'));
const ALTERNATIVES = matchOf((p) => p.startsWith('What are the best alternatives to Initech'));
const PRICING = matchOf((p) => p.startsWith('How much does Acme Analytics cost'));

function settings(overrides: Partial<CaseAnswerSettings> = {}): CaseAnswerSettings {
  return {
    seed: 'unit',
    rates: { brandMentionRate: 0.3, competitorMentionRate: 0.5, ownCitationRate: 1 },
    brands: [],
    competitors: [],
    thirdPartyDomains: ['g2.com', 'reddit.com'],
    factErrorRate: 0.2,
    ...overrides,
  };
}

function answer(matches: CaseMatch[], repeat: number, options: Partial<CaseAnswerSettings> = {}) {
  const prompt = matches[0]?.prompt.prompt ?? '';
  const key = { family: 'openai', model: 'm', mode: 'online', prompt, repeat } as const;
  return composeCaseAnswer(matches, settings(options), key);
}

describe('composeCaseAnswer', () => {
  it('searches the web for whole words of the prompt, never a cut prompt with a word appended', () => {
    const long = catalogue.reduce((a, b) => (b.prompt.length > a.prompt.length ? b : a));
    const { searchQuery } = answer([{ profile: PROFILE, prompt: long }], 0);
    const words = long.prompt
      .replace(/[?.!,:“”„"]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);

    expect(searchQuery.split(' ').every((word) => words.includes(word))).toBe(true);
    expect(searchQuery).not.toMatch(/\.\.\.|comparison$/);
  });

  it('names the brand in an unbranded answer exactly when it draws it, at the configured rate', () => {
    const draws = Array.from({ length: 1000 }, (_, repeat) => answer(DISCOVERY, repeat));
    for (const draw of draws) {
      // The deterministic matcher sees the brand exactly in the answers that name it.
      expect(detectMentions(plainText(draw), PROFILE).detected).toBe(
        draw.mentioned.includes(PROFILE.name),
      );
    }
    const rate = draws.filter((d) => d.mentioned.includes(PROFILE.name)).length / draws.length;

    // 4 standard errors of a proportion 0.3 over 1000 draws is 0.058.
    expect(Math.abs(rate - 0.3)).toBeLessThan(0.058);
  });

  it('always names a competitor the prompt names, and honours a per-company rate', () => {
    const draws = Array.from({ length: 200 }, (_, repeat) =>
      answer(ALTERNATIVES, repeat, {
        brands: [{ name: 'acme analytics', domain: 'x', mentionRate: 0 }],
      }),
    );

    expect(draws.every((d) => d.mentioned.includes('Initech'))).toBe(true);
    expect(draws.some((d) => d.mentioned.includes(PROFILE.name))).toBe(false);
  });

  it('cites named companies’ own sites and the third-party sites online', () => {
    const rates = { brandMentionRate: 1, competitorMentionRate: 0, ownCitationRate: 1 };
    const draw = answer(ALTERNATIVES, 0, { rates });
    const domains = draw.sources.map((s) => s.domain);

    expect(draw.mentioned.sort()).toEqual([PROFILE.name, 'Initech']);
    expect(domains).toContain('acme-analytics.example');
    expect(domains).not.toContain('globex.example');
    expect(domains.some((d) => d === 'g2.com' || d === 'reddit.com')).toBe(true);
  });

  it('states facts in brand-fact answers, some wrong, or says it knows nothing about the brand', () => {
    const texts = Array.from({ length: 300 }, (_, repeat) => plainText(answer(PRICING, repeat)));
    const right = texts.filter((t) =>
      t.includes('The pricing of Acme Analytics is “from $29 per month”.'),
    );
    const wrong = texts.filter((t) =>
      t.includes('The pricing of Acme Analytics is “from $44 per month”.'),
    );
    const absent = texts.filter((t) =>
      t.includes("I couldn't find reliable information about Acme Analytics."),
    );

    expect(right.length + wrong.length + absent.length).toBe(300);
    expect(wrong.length / (right.length + wrong.length)).toBeGreaterThan(0.12);
    expect(wrong.length / (right.length + wrong.length)).toBeLessThan(0.28);
    expect(absent.length).toBeGreaterThan(0);
  });

  it('leaves out a sentence that would name a tracked company by accident', () => {
    const overlapping: CaseProfile = {
      ...PROFILE,
      competitors: [{ name: 'Acme Labs', domain: null, aliases: [] }],
    };
    const prompt = promptCatalogue(overlapping).find((p) => p.block === 'A');
    if (!prompt) throw new Error('no block A prompt');
    const draws = Array.from({ length: 100 }, (_, repeat) =>
      composeCaseAnswer(
        [{ profile: overlapping, prompt }],
        settings({ rates: { brandMentionRate: 0, competitorMentionRate: 1, ownCitationRate: 0 } }),
        { family: 'openai', model: 'm', mode: 'raw', prompt: prompt.prompt, repeat },
      ),
    );

    // "Acme Labs ..." would also be read as the brand alias "Acme": never written.
    for (const draw of draws)
      expect(detectMentions(plainText(draw), overlapping).detected).toBe(false);
  });
});

describe('composeJudgeReply', () => {
  it('answers a judge prompt with a verdict the engine accepts and that agrees with the answer', () => {
    for (let repeat = 0; repeat < 50; repeat += 1) {
      const text = plainText(answer(PRICING, repeat));
      const input = readJudgeInput(buildJudgePrompt(PROFILE, [{ id: '1', text }]));
      if (!input) throw new Error('judge prompt not recognised');
      const verdict = parseJudgeVerdict(plainText(composeJudgeReply(input)), text, PROFILE);

      expect(verdict?.dropped_quotes).toBe(0);
      const brand = verdict?.entities.find((e) => e.name === PROFILE.name);
      const absent = text.includes("I couldn't find reliable information");
      expect(brand?.mentioned).toBe(!absent);
      expect(brand?.absence_statement).toBe(absent);
      const pricing = verdict?.facts.find((f) => f.key === 'pricing');
      const expected = absent ? 'not_mentioned' : text.includes('$29') ? 'correct' : 'incorrect';
      expect(pricing?.status ?? 'not_mentioned').toBe(expected);
    }
  });

  it('reads the sentiment of the phrase the answer used', () => {
    const text = 'Acme Analytics draws complaints about slow support and surprise price increases.';
    const input = readJudgeInput(buildJudgePrompt(PROFILE, [{ id: '1', text }]));
    const verdict = input && parseJudgeVerdict(plainText(composeJudgeReply(input)), text, PROFILE);

    expect(verdict?.entities[0]).toMatchObject({
      mentioned: true,
      sentiment: -1,
      recommended: false,
    });
  });
});

describe('CaseIndex', () => {
  it('finds the case a prompt belongs to, and both cases when they share a market', async () => {
    const twin: CaseProfile = { ...PROFILE, id: 'twin', name: 'Hooli Metrics', aliases: [] };
    const index = new CaseIndex(async () => [PROFILE, twin]);
    const discovery = DISCOVERY[0]?.prompt.prompt ?? '';
    const branded = PRICING[0]?.prompt.prompt ?? '';

    expect((await index.lookup(discovery)).map((m) => m.profile.id)).toEqual([PROFILE.id, 'twin']);
    expect((await index.lookup(branded)).map((m) => m.profile.id)).toEqual([PROFILE.id]);
    expect(await index.lookup('What is the weather like?')).toEqual([]);
  });

  it('reads a new case when a prompt is not recognised, and survives a failing source', async () => {
    let cases: CaseProfile[] = [];
    let failing = false;
    let clock = 0;
    const index = new CaseIndex(
      async () => {
        if (failing) throw new Error('store unavailable');
        return cases;
      },
      () => clock,
    );
    const prompt = DISCOVERY[0]?.prompt.prompt ?? '';

    expect(await index.lookup(prompt)).toEqual([]);
    cases = [PROFILE];
    clock += 1500;
    expect(await index.lookup(prompt)).toHaveLength(1);
    failing = true;
    clock += 10_000;
    expect(await index.lookup(prompt)).toHaveLength(1);
  });
});

describe('ratesFor', () => {
  it('uses each family’s defaults per mode unless a rate is set, and a family rate wins', () => {
    const none = { global: {}, perFamily: {} };
    const global = { global: { brandMentionRate: 0.3 }, perFamily: {} };
    const family = {
      global: { brandMentionRate: 0.3 },
      perFamily: { google: { brandMentionRate: 0.6 } },
    };

    expect(ratesFor('openai', 'raw', none)).toEqual(DEFAULT_RATES.openai.raw);
    expect(ratesFor('openai', 'raw', global).brandMentionRate).toBe(0.3);
    expect(ratesFor('openai', 'online', global).brandMentionRate).toBe(0.3);
    expect(ratesFor('google', 'raw', family).brandMentionRate).toBe(0.6);
    expect(ratesFor('google', 'raw', family).competitorMentionRate).toBe(
      DEFAULT_RATES.google.raw.competitorMentionRate,
    );
  });
});
