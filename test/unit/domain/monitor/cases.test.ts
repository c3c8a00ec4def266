import { describe, expect, it } from 'vitest';
import { OPERATOR_ACTOR } from '#shared/domain/audit/events';
import { DEFAULT_CONCURRENCY, loadMonitorConfig } from '#shared/domain/monitor/config';
import { runIdAt } from '#shared/domain/monitor/ids';
import { createCaseFor } from '#shared/domain/monitor/operations';
import {
  competitorProfiles,
  foldForSearch,
  nameConflicts,
  normaliseCaseDomain,
  uniqueTexts,
} from '#shared/domain/monitor/profile';
import {
  CreateCaseBodySchema,
  ListRunsQuerySchema,
  PatchCaseBodySchema,
} from '#shared/domain/monitor/schemas';

describe('case domains', () => {
  it('keeps the host of a URL or name, lower-case, without www., port or trailing dot', () => {
    expect(normaliseCaseDomain('https://www.Acme.com/pricing?x=1')).toBe('acme.com');
    expect(normaliseCaseDomain('acme.co.uk.')).toBe('acme.co.uk');
    expect(normaliseCaseDomain('http://shop.acme.com:8080')).toBe('shop.acme.com');
    expect(normaliseCaseDomain('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses what is not a domain name', () => {
    for (const input of [
      '',
      'acme',
      'not a domain',
      '127.0.0.1',
      'https://user:pw@acme.com',
      'acme..com',
    ]) {
      expect(normaliseCaseDomain(input), input).toBeNull();
    }
  });

  it('keeps host:port, loopback addresses and local names in local mode only', () => {
    expect(normaliseCaseDomain('127.0.0.1:4100', { local: true })).toBe('127.0.0.1:4100');
    expect(normaliseCaseDomain('http://localhost:8080/x', { local: true })).toBe('localhost:8080');
    expect(normaliseCaseDomain('https://www.acme.com', { local: true })).toBe('acme.com');
    expect(normaliseCaseDomain('not a domain', { local: true })).toBeNull();
    expect(normaliseCaseDomain('127.0.0.1:4100')).toBeNull();
  });

  it('creates a case on 127.0.0.1:4100 in local mode and refuses it elsewhere, at the domain', async () => {
    const user = { id: 'u', email: 'a@example.com', created_at: '', account: { plan: 'pro' } };
    const created: unknown[] = [];
    const deps = {
      cases: {
        createCase: async (c: unknown) => void created.push(c),
        getCase: async () => undefined,
        identities: {
          holder: async () => undefined,
          take: async () => true,
          release: async () => undefined,
        },
      },
      clock: { now: () => new Date('2026-11-25T09:30:00Z') },
    };
    const body = CreateCaseBodySchema.parse({
      name: 'Local demo',
      domain: '127.0.0.1:4100',
      category: 'demo',
    });
    const local = await createCaseFor(
      user as never,
      body,
      { ...deps, allowPrivateTargets: true } as never,
      OPERATOR_ACTOR,
    );
    expect(local.case.domain).toBe('127.0.0.1:4100');
    const refused = await createCaseFor(user as never, body, deps as never, OPERATOR_ACTOR).catch(
      (e) => e,
    );
    expect(refused.code).toBe('invalid_request');
    expect(refused.details.issues[0].path).toEqual(['domain']);
    expect(created).toHaveLength(1);
  });
});

describe('case fields', () => {
  it('accepts competitors as names or as objects with a domain and aliases', () => {
    expect(
      competitorProfiles([
        'Initech',
        { name: ' Globex ', domain: 'https://globex.com', aliases: ['GX', 'gx'] },
      ]),
    ).toEqual([
      { name: 'Initech', domain: null, aliases: [] },
      { name: 'Globex', domain: 'globex.com', aliases: ['GX'] },
    ]);
  });

  it('finds competitors named like the brand or listed twice, ignoring case and width', () => {
    const competitors = competitorProfiles(['ACME', 'Globex', 'ｇｌｏｂｅｘ']);
    expect(nameConflicts('Acme', competitors)).toEqual([
      'competitor "ACME" has the brand\'s own name',
      'competitor "ｇｌｏｂｅｘ" is listed twice',
    ]);
    expect(uniqueTexts([' en ', 'EN', 'de'])).toEqual(['en', 'de']);
    expect(foldForSearch('ＡＣＭＥ Co')).toBe('acme co');
  });

  it('fills defaults for optional fields and refuses unknown ones', () => {
    const parsed = CreateCaseBodySchema.parse({
      name: 'Acme',
      domain: 'acme.com',
      category: 'analytics',
    });
    expect(parsed).toMatchObject({
      icp: '',
      competitors: [],
      languages: ['en'],
      fact_sheet: {},
      aliases: [],
      status: 'active',
    });
    expect(CreateCaseBodySchema.safeParse({ ...parsed, colour: 'red' }).success).toBe(false);
    expect(CreateCaseBodySchema.safeParse({ ...parsed, name: '  ' }).success).toBe(false);
    expect(PatchCaseBodySchema.safeParse({}).success).toBe(true);
    expect(PatchCaseBodySchema.safeParse({ status: 'archived' }).success).toBe(true);
    expect(PatchCaseBodySchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });

  it('takes a runs limit from 1 to 100, 24 by default', () => {
    expect(ListRunsQuerySchema.parse({}).limit).toBe(24);
    expect(ListRunsQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '-1', 'ten', '1.5']) {
      expect(ListRunsQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    }
  });
});

describe('run ids', () => {
  it('are UUID version 7 that sort by creation time', () => {
    const ids = [0, 1, 2, 1000, 86_400_000].map((offset) =>
      runIdAt(new Date(Date.parse('2026-11-01T00:00:00Z') + offset)),
    );
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('monitor configuration', () => {
  it('has defaults, one concurrency for all families, and per-family overrides', () => {
    expect(loadMonitorConfig({})).toMatchObject({
      promptsPerBlock: 13,
      repeats: 3,
      concurrency: DEFAULT_CONCURRENCY,
    });
    const config = loadMonitorConfig({ MONITOR_CONCURRENCY: '2', MONITOR_CONCURRENCY_GOOGLE: '5' });
    expect(config.concurrency).toEqual({ openai: 2, anthropic: 2, perplexity: 2, google: 5 });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadMonitorConfig({ MONITOR_REPEATS: '0' })).toThrow(/MONITOR_REPEATS/);
    expect(() => loadMonitorConfig({ MONITOR_PROMPTS_PER_BLOCK: 'many' })).toThrow(
      /MONITOR_PROMPTS_PER_BLOCK/,
    );
  });

  it('reads price overrides as JSON per family and refuses anything else', () => {
    expect(loadMonitorConfig({}).prices).toEqual({});
    const price = { input_per_million: 1, output_per_million: 4, per_search: 0 };
    expect(loadMonitorConfig({ MONITOR_PRICES: JSON.stringify({ openai: price }) }).prices).toEqual(
      { openai: price },
    );
    for (const bad of ['{not json', '{"bing":{}}', '{"openai":{"input_per_million":-1}}']) {
      expect(() => loadMonitorConfig({ MONITOR_PRICES: bad })).toThrow(/MONITOR_PRICES/);
    }
  });
});
