import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import type { Fetched, ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { collectArtifacts } from '#shared/domain/scan-engine/collect/collect';
import { evaluateChecks, runScan } from '#shared/domain/scan-engine/engine';
import {
  checkOfFinding,
  findingType,
  listFindingTypes,
} from '#shared/domain/scan-engine/finding-types';
import { FINDING_TYPES, isFindingId } from '#shared/domain/scan-engine/findings/registry';
import { ScanFetcher } from '#shared/domain/scan-engine/scan-fetcher';
import { withFindingIds } from '#shared/domain/scan-engine/stored-findings';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import type { Check } from '#shared/domain/scan-engine/types';
import {
  FIXTURE_SITES,
  type FixtureSiteName,
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { makeArtifacts, notFound, response, skipped, timedOut } from './artifact-builders.ts';

/**
 * Stable finding ids (issue 38, point 1): every finding the engine raises carries an id the
 * registry lists, of the check that raised it, and two scans of the same site raise the same
 * ids. The engine is driven over every fixture site (twice each) and over hand-built artifacts
 * in which each fetched document is replaced, one at a time, by every kind of answer.
 */
const CHECK_IDS = [
  'crawler',
  'sitemap',
  'render',
  'llms',
  'markdown',
  'schema',
  'api',
  'agent',
  'entity',
];
/** Sites that hang on purpose: scanned once, not compared (their timeouts race the deadline). */
const SLOW = new Set<string>(['slow-llms', 'slow-llms-sitemap', 'slow-robots', 'slow-homepage']);

const raised = new Map<string, string>();
const problems = new Set<string>();

/**
 * Records every id of a report; an id the registry does not list, one of another check, or a
 * standard other than the registry's is a problem (the tests expect none).
 */
function collect(checks: readonly Check[], where: string): string[] {
  const ids: string[] = [];
  for (const check of checks) {
    for (const finding of check.findings) {
      if (!isFindingId(finding.id)) {
        problems.add(`${where}: unlisted ${finding.id} (${finding.text})`);
        continue;
      }
      if (checkOfFinding(finding.id) !== check.id) problems.add(`${finding.id} in ${check.id}`);
      const declared = findingType(finding.id).standard?.name;
      if (declared !== undefined && finding.standard?.name !== declared) {
        problems.add(`${finding.id}: ${finding.standard?.name} instead of ${declared}`);
      }
      raised.set(finding.id, where);
      ids.push(`${check.id}/${finding.state}/${finding.id}`);
    }
  }
  return ids;
}

const sites: RunningFixtureSite[] = [];
const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });

async function scanSite(site: RunningFixtureSite, deadlineMs?: number) {
  const target = parseScanTarget(site.url, { allowPrivateTargets: true });
  return runScan(target, { fetcher, ...(deadlineMs === undefined ? {} : { deadlineMs }) });
}

async function artifactsOf(name: FixtureSiteName): Promise<ScanArtifacts> {
  const site = await startFixtureSite(name);
  sites.push(site);
  const now = () => Date.now();
  const scanFetcher = new ScanFetcher(fetcher, { deadlineAt: now() + 25_000, now });
  try {
    return await collectArtifacts(
      parseScanTarget(site.url, { allowPrivateTargets: true }),
      scanFetcher,
    );
  } finally {
    scanFetcher.dispose();
  }
}

afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await fetcher.close();
});

describe('the finding-type registry', () => {
  it('names each id <check>.<slug> with a title and a fix, and resolves its standard', () => {
    const types = listFindingTypes();
    expect(types.length).toBe(Object.keys(FINDING_TYPES).length);
    for (const type of types) {
      expect(type.id).toMatch(/^[a-z]+\.[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(CHECK_IDS).toContain(type.check);
      expect(type.id.startsWith(`${type.check}.`)).toBe(true);
      expect(type.title.length, type.id).toBeGreaterThan(5);
      expect(type.fix.length, type.id).toBeGreaterThan(10);
      if (type.standard !== undefined) expect(type.standard.url).toMatch(/^(https:\/\/|\/docs#)/);
    }
  });

  it('lists no id that no code raises (each literal is in a check, or made from a token list)', async () => {
    const dir = new URL('../../../../shared/domain/scan-engine/', import.meta.url);
    const files = (await readdir(dir, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('findings/'),
    );
    const source = (
      await Promise.all(files.map((file) => readFile(new URL(file, dir), 'utf8')))
    ).join('\n');
    const generated = /^[a-z]+\.(half_credit|unidentified)$|^crawler\.[a-z_]+_blocked$/;
    const dead = Object.keys(FINDING_TYPES).filter(
      (id) => !generated.test(id) && !source.includes(`'${id}'`),
    );
    expect(dead).toEqual([]);
  });

  it('keeps each check file to its own ids', async () => {
    const dir = new URL('../../../../shared/domain/scan-engine/checks/', import.meta.url);
    for (const file of await readdir(dir)) {
      const check = file.replace(/(-.*)?\.ts$/, '');
      if (!CHECK_IDS.includes(check)) continue;
      const source = await readFile(new URL(file, dir), 'utf8');
      for (const [, id] of source.matchAll(/'([a-z]+\.[a-z0-9_]+)'/g)) {
        if (id !== undefined && isFindingId(id))
          expect(checkOfFinding(id), `${file}: ${id}`).toBe(check);
      }
    }
  });

  it('reads findings stored before ids as <check>.unidentified, and keeps their ids', () => {
    const stored = {
      id: 'llms',
      pillar: 'E',
      title: 'llms.txt',
      state: 'bad',
      score: 0,
      max: 8,
      findings: [
        { state: 'bad', text: 'No llms.txt.' },
        { id: 'llms.missing', state: 'bad', text: 'No llms.txt.' },
      ],
    } as unknown as Check;
    expect(withFindingIds(stored).findings.map((finding) => finding.id)).toEqual([
      'llms.unidentified',
      'llms.missing',
    ]);
  });
});

describe('every fixture site', () => {
  const names = Object.keys(FIXTURE_SITES) as FixtureSiteName[];

  it('raises only listed ids, the same ones on two scans', async () => {
    for (const name of names.filter((candidate) => !SLOW.has(candidate))) {
      const site = await startFixtureSite(name);
      sites.push(site);
      const [first, second] = await Promise.all([scanSite(site), scanSite(site)]);
      expect(collect(second.checks, name), name).toEqual(collect(first.checks, name));
    }
    expect([...problems]).toEqual([]);
  }, 120_000);

  it('raises only listed ids on the sites that hang', async () => {
    await Promise.all(
      [...SLOW].map(async (name) => {
        const site = await startFixtureSite(name as FixtureSiteName);
        sites.push(site);
        collect((await scanSite(site, 8_000)).checks, name);
      }),
    );
    expect([...problems]).toEqual([]);
  }, 60_000);
});

describe('hand-built artifacts', () => {
  let good: ScanArtifacts;
  let current: ScanArtifacts;
  beforeAll(async () => {
    [good, current] = await Promise.all([artifactsOf('good'), artifactsOf('standards-current')]);
  }, 30_000);

  /** Every kind of answer a fetched document can be. */
  function answers(path: string): Fetched[] {
    const url = `https://example.com${path}`;
    return [
      notFound(path),
      timedOut(path),
      skipped(path),
      { kind: 'redirect-loop', url, message: 'more than 5 redirects' },
      { kind: 'network-error', url, message: 'ECONNREFUSED' },
      response(path, { status: 503, type: 'text/plain', body: 'down' }),
      response(path, { status: 429, type: 'text/plain', body: 'slow down' }),
      response(path, {
        type: 'text/html',
        body: '<!doctype html><html><body><p>Hi</p></body></html>',
      }),
      response(path, { type: 'application/json', body: '{"x":1}' }),
      response(path, { type: 'text/plain', body: 'plain words' }),
      {
        ...response(path, { type: 'text/html', body: 'Page not found' }),
        catchAll: { contentType: 'text/html', preview: 'Page not found' },
      },
    ];
  }

  it('raise only listed ids whatever one document answers', () => {
    for (const base of [good, current, makeArtifacts()]) {
      const variants: Array<[string, ScanArtifacts]> = [];
      const documents = [
        'homepage',
        'homepageMarkdown',
        'robots',
        'llmsTxt',
        'llmsFullTxt',
      ] as const;
      for (const field of documents) {
        for (const answer of answers(`/${field}`))
          variants.push([field, { ...base, [field]: answer }]);
      }
      for (const path of Object.keys(base.probes)) {
        for (const answer of answers(path)) {
          variants.push([path, { ...base, probes: { ...base.probes, [path]: answer } }]);
        }
      }
      for (const answer of answers('/sitemap.xml')) {
        const sitemaps = base.sitemaps.map((sitemap) => ({ ...sitemap, fetched: answer }));
        variants.push(['sitemap', { ...base, sitemaps }]);
      }
      for (const [where, artifacts] of variants) collect(evaluateChecks(artifacts), where);
    }
    expect([...problems]).toEqual([]);
    expect(raised.size).toBeGreaterThan(100);
  });
});
