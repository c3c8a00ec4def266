import { describe, expect, it } from 'vitest';
import { composeAnswer, DEFAULT_CONTENT_OPTIONS } from '#local/simulator/answer';
import { FaultPlan, parseFaults } from '#local/simulator/faults';
import { simulatorOptionsFromEnv } from '#local/simulator/options';

describe('parseFaults', () => {
  it('reads kind, amount, hint and count per family', () => {
    expect(
      parseFaults('openai=throttle:30:retry-after-ms, google=slow:8000, anthropic=unavailable*2'),
    ).toEqual({
      openai: { kind: 'throttle', retryAfterSeconds: 30, hint: 'retry-after-ms' },
      google: { kind: 'slow', delayMs: 8000 },
      anthropic: { kind: 'unavailable', times: 2 },
    });
  });

  it('refuses unknown families, faults and hints', () => {
    expect(() => parseFaults('mistral=throttle')).toThrow(/unknown family/);
    expect(() => parseFaults('openai=explode')).toThrow(/unknown fault/);
    expect(() => parseFaults('openai=throttle:3:soon')).toThrow(/unknown retry hint/);
  });
});

describe('FaultPlan', () => {
  it('stops injecting a fault after its count is used up', () => {
    const plan = new FaultPlan({ perplexity: { kind: 'malformed', times: 2 } });

    expect([plan.next('perplexity'), plan.next('perplexity'), plan.next('perplexity')]).toEqual([
      { kind: 'malformed', times: 2 },
      { kind: 'malformed', times: 2 },
      null,
    ]);
    expect(plan.next('openai')).toBeNull();
  });
});

describe('simulatorOptionsFromEnv', () => {
  it('reads seed, brands with rates, competitors, rates and faults', () => {
    const options = simulatorOptionsFromEnv({
      SIMULATOR_SEED: 's1',
      SIMULATOR_BRANDS: 'Acme Analytics=acme.example@0.9',
      SIMULATOR_COMPETITORS: 'Globex=globex.example,Initech=initech.example',
      SIMULATOR_COMPETITOR_RATE: '0.25',
      SIMULATOR_FAULTS: 'openai=throttle',
    });

    expect(options).toEqual({
      seed: 's1',
      brands: [{ name: 'Acme Analytics', domain: 'acme.example', mentionRate: 0.9 }],
      competitors: [
        { name: 'Globex', domain: 'globex.example' },
        { name: 'Initech', domain: 'initech.example' },
      ],
      competitorMentionRate: 0.25,
      faults: { openai: { kind: 'throttle' } },
    });
  });

  it('reads per-family rates and the fact error rate', () => {
    const options = simulatorOptionsFromEnv({
      SIMULATOR_BRAND_RATE: '0.3',
      SIMULATOR_BRAND_RATE_GOOGLE: '0.6',
      SIMULATOR_CITATION_RATE_PERPLEXITY: '1',
      SIMULATOR_FACT_ERROR_RATE: '0',
    });

    expect(options).toEqual({
      brandMentionRate: 0.3,
      familyRates: { google: { brandMentionRate: 0.6 }, perplexity: { ownCitationRate: 1 } },
      factErrorRate: 0,
    });
  });

  it('turns varying repeats on or off explicitly', () => {
    expect(simulatorOptionsFromEnv({ SIMULATOR_VARY_REPEATS: '1' }).varyRepeats).toBe(true);
    expect(simulatorOptionsFromEnv({ SIMULATOR_VARY_REPEATS: '0' }).varyRepeats).toBe(false);
    expect(simulatorOptionsFromEnv({}).varyRepeats).toBeUndefined();
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => simulatorOptionsFromEnv({ SIMULATOR_BRAND_RATE: '1.5' })).toThrow(
      /between 0 and 1/,
    );
    expect(() => simulatorOptionsFromEnv({ SIMULATOR_COMPETITOR_RATE_OPENAI: 'often' })).toThrow(
      /SIMULATOR_COMPETITOR_RATE_OPENAI must be a number between 0 and 1/,
    );
  });
});

describe('composeAnswer', () => {
  const key = {
    family: 'openai',
    model: 'm',
    mode: 'online',
    prompt: 'best CRM?',
    repeat: 0,
  } as const;

  it('is a pure function of seed and prompt', () => {
    expect(composeAnswer(DEFAULT_CONTENT_OPTIONS, key)).toEqual(
      composeAnswer(DEFAULT_CONTENT_OPTIONS, key),
    );
  });

  it('mentions brands at roughly the configured rate over many prompts', () => {
    const options = { ...DEFAULT_CONTENT_OPTIONS, brandMentionRate: 0.3, competitorMentionRate: 0 };
    const mentioned = Array.from({ length: 400 }, (_, i) =>
      composeAnswer(options, { ...key, prompt: `prompt ${i}` }).mentioned.includes(
        'Acme Analytics',
      ),
    ).filter(Boolean).length;

    expect(mentioned / 400).toBeGreaterThan(0.22);
    expect(mentioned / 400).toBeLessThan(0.38);
  });

  it('cites no sources in raw mode and two pages of one third-party domain online', () => {
    expect(composeAnswer(DEFAULT_CONTENT_OPTIONS, { ...key, mode: 'raw' }).sources).toEqual([]);
    const online = composeAnswer(DEFAULT_CONTENT_OPTIONS, key);
    const thirdParty = online.sources.filter((s) =>
      DEFAULT_CONTENT_OPTIONS.thirdPartyDomains.includes(s.domain),
    );
    const perDomain = new Map<string, number>();
    for (const source of thirdParty)
      perDomain.set(source.domain, (perDomain.get(source.domain) ?? 0) + 1);
    expect(Math.max(...perDomain.values())).toBe(2);
  });
});
