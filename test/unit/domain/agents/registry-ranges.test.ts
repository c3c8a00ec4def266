import { describe, expect, it } from 'vitest';
import { registryOf } from '#shared/domain/agents/operations';
import {
  bundledRanges,
  createVerifier,
  newerRanges,
  parseAddress,
  type RangesDataset,
} from '#shared/domain/agents/ranges';
import { AGENTS, agentByToken, matchAgent } from '#shared/domain/agents/registry';

/** The registry of AI agents and the ranges that verify them (docs/agent-logs.md "The registry"). */
const agent = (token: string) => {
  const found = agentByToken(token);
  if (!found) throw new Error(`no agent ${token}`);
  return found;
};

describe('the registry', () => {
  it('covers the thirteen operators the analytics report on, each token once', () => {
    const operators = new Set(AGENTS.map((entry) => entry.operator));
    for (const operator of [
      'OpenAI',
      'Anthropic',
      'Perplexity',
      'Google',
      'Microsoft',
      'Apple',
      'Meta',
      'Amazon',
      'ByteDance',
      'Common Crawl',
      'DuckDuckGo',
      'Mistral',
      'You.com',
    ]) {
      expect(operators, operator).toContain(operator);
    }
    const tokens = AGENTS.map((entry) => entry.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('names a ranges source of the dataset for every agent that claims one', () => {
    const dataset = bundledRanges();
    for (const entry of AGENTS.filter((candidate) => candidate.source)) {
      expect(dataset.sources[entry.source as string], entry.token).toBeDefined();
    }
  });

  it('matches the product token of real User-Agents, as a word of its own', () => {
    const cases: [string, string | undefined][] = [
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
        'GPTBot',
      ],
      ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
      ['Googlebot-Image/1.0', 'Googlebot'],
      [
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot)',
        'ChatGPT-User',
      ],
      [
        'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
        'Meta-ExternalAgent',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36', undefined],
      ['NotGPTBotter/1.0', undefined],
      ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'CCBot'],
    ];
    for (const [userAgent, token] of cases)
      expect(matchAgent(userAgent)?.token, userAgent).toBe(token);
  });
});

describe('verification against the ranges', () => {
  const verifier = createVerifier(bundledRanges());

  it('verifies an address inside the operator ranges, IPv4, IPv6 and IPv4-mapped IPv6', () => {
    expect(verifier.verify(agent('GPTBot'), parseAddress('20.171.206.17'))).toBe('verified');
    expect(verifier.verify(agent('Googlebot'), parseAddress('66.249.66.1'))).toBe('verified');
    expect(verifier.verify(agent('Googlebot'), parseAddress('2001:4860:4801:10::1'))).toBe(
      'verified',
    );
    expect(verifier.verify(agent('GPTBot'), parseAddress('::ffff:20.171.206.17'))).toBe('verified');
  });

  it('calls a claim from outside the published ranges spoofed, and an unreadable address too', () => {
    expect(verifier.verify(agent('GPTBot'), parseAddress('203.0.113.9'))).toBe('spoofed');
    // Another OpenAI agent's range does not verify GPTBot.
    expect(verifier.verify(agent('GPTBot'), parseAddress('20.42.10.180'))).toBe('spoofed');
    expect(verifier.verify(agent('ClaudeBot'), parseAddress('not-an-address'))).toBe('spoofed');
  });

  it('leaves agents of operators without published ranges unverifiable', () => {
    for (const token of ['Meta-ExternalAgent', 'Amazonbot', 'Bytespider', 'YouBot', 'CCBot']) {
      expect(verifier.verify(agent(token), parseAddress('203.0.113.9')), token).toBe(
        'unverifiable',
      );
    }
  });

  it('reads the edges of a prefix exactly', () => {
    const dataset: RangesDataset = {
      ...bundledRanges(),
      sources: {
        'openai-gptbot': {
          ...bundledRanges().sources['openai-gptbot'],
          prefixes: ['10.0.0.16/28'],
        },
      } as RangesDataset['sources'],
    };
    const narrow = createVerifier(dataset);
    expect(narrow.verify(agent('GPTBot'), parseAddress('10.0.0.15'))).toBe('spoofed');
    expect(narrow.verify(agent('GPTBot'), parseAddress('10.0.0.16'))).toBe('verified');
    expect(narrow.verify(agent('GPTBot'), parseAddress('10.0.0.31'))).toBe('verified');
    expect(narrow.verify(agent('GPTBot'), parseAddress('10.0.0.32'))).toBe('spoofed');
  });
});

describe('the public registry', () => {
  it('dates and sources every verified agent, and says none for the others', () => {
    const registry = registryOf(bundledRanges());
    const gptbot = registry.agents.find((entry) => entry.token === 'GPTBot');
    expect(gptbot).toMatchObject({
      operator: 'OpenAI',
      purpose: 'training',
      verification: 'ranges',
      ranges_source: 'https://openai.com/gptbot.json',
    });
    expect(gptbot?.ranges_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(gptbot?.ranges).toContain('20.171.206.0/24');
    expect(registry.agents.find((entry) => entry.token === 'Bytespider')).toMatchObject({
      verification: 'none',
      ranges_as_of: null,
      ranges_source: null,
      ranges: [],
    });
  });

  it('prefers a stored dataset only when it is newer than the bundled one', () => {
    const bundled = bundledRanges();
    expect(newerRanges(bundled, { ...bundled, as_of: '2099-01-01' }).as_of).toBe('2099-01-01');
    expect(newerRanges(bundled, { ...bundled, as_of: '2000-01-01' })).toBe(bundled);
    expect(newerRanges(bundled, undefined)).toBe(bundled);
  });
});
