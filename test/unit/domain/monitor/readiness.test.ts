import { describe, expect, it } from 'vitest';
import { loadMonitorConfig } from '#shared/domain/monitor/config';
import { planReadinessScans, qualifies } from '#shared/domain/monitor/engine/cited-origins';
import {
  buildReadinessGaps,
  type ReadinessCheck,
  type ScannedSite,
} from '#shared/domain/monitor/engine/readiness-gaps';
import { cite, PROFILE, record } from './builders.ts';

const RIVAL = 'Globex Insights is popular with product teams.';

describe('which cited sites a run scans', () => {
  it('scans at most MONITOR_CITED_SCANS cited sites, 8 unless set, 0 to 20', () => {
    expect(loadMonitorConfig({}).citedScans).toBe(8);
    expect(loadMonitorConfig({ MONITOR_CITED_SCANS: '0' }).citedScans).toBe(0);
    expect(() => loadMonitorConfig({ MONITOR_CITED_SCANS: '21' })).toThrow(/MONITOR_CITED_SCANS/);
  });

  it('counts only online answers that cite something, not the brand, and cite or name a competitor', () => {
    const g2 = cite('https://www.g2.com/compare/x');
    expect(qualifies(PROFILE, record(RIVAL, { citations: [g2] }))).toBe(true);
    expect(qualifies(PROFILE, record(RIVAL, { mode: 'raw', citations: [g2] }))).toBe(false);
    expect(qualifies(PROFILE, record(RIVAL, { citations: [cite(g2.url, false)] }))).toBe(false);
    const withBrand = [g2, cite('https://acme-analytics.example/pricing')];
    expect(qualifies(PROFILE, record(RIVAL, { citations: withBrand }))).toBe(false);
    const noRival = record('Many tools exist.', { citations: [g2] });
    expect(qualifies(PROFILE, noRival)).toBe(false);
    const rivalSite = record('Many tools exist.', { citations: [cite('https://globex.example/')] });
    expect(qualifies(PROFILE, rivalSite)).toBe(true);
  });

  it('ranks origins by qualifying answers citing them, keeps ports, and stops at the limit', () => {
    const answers = [
      record(RIVAL, {
        citations: [
          cite('http://reviews.localhost:4100/a'),
          cite('http://reviews.localhost:4100/b'),
          cite('https://globex.example/'),
        ],
      }),
      record(RIVAL, { citations: [cite('http://reviews.localhost:4100/c')] }),
      record(RIVAL, { citations: [cite('https://forum.example/t/1')] }),
      // Cites the brand: not counted, but shows where the brand's site is served.
      record(RIVAL, {
        citations: [cite('http://acme-analytics.example:4200/'), cite('https://forum.example/x')],
      }),
    ];
    const plan = planReadinessScans(PROFILE, answers, 2);
    expect(plan.sites).toEqual([
      {
        origin: 'http://reviews.localhost:4100',
        site: 'reviews.localhost:4100',
        answers: 2,
        citations: 3,
      },
      { origin: 'https://forum.example', site: 'forum.example', answers: 1, citations: 1 },
    ]);
    expect(plan.brand).toBe('http://acme-analytics.example:4200');
    // No source on the brand's host: its domain, scanned as typed (https, then http).
    expect(planReadinessScans(PROFILE, answers.slice(0, 1), 8).brand).toBe(
      'acme-analytics.example',
    );
  });

  it('places a redirect citation (Gemini) at the origin other answers link its domain at', () => {
    const redirect = {
      url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/abc',
      domain: 'reviews.localhost',
      title: 'reviews.localhost',
      cited: true,
    };
    const answers = [
      record(RIVAL, { citations: [cite('http://reviews.localhost:4100/a')] }),
      record(RIVAL, { family: 'google', citations: [redirect] }),
      record(RIVAL, { family: 'google', citations: [{ ...redirect, domain: 'other.example' }] }),
    ];
    const plan = planReadinessScans(PROFILE, answers, 8);
    expect(plan.sites.map((s) => [s.origin, s.answers])).toEqual([
      ['http://reviews.localhost:4100', 2],
      ['https://other.example', 1],
    ]);
  });
});

function check(
  id: ReadinessCheck['id'],
  state: ReadinessCheck['state'],
  score: number,
  max: number,
) {
  return {
    id,
    title: `Check ${id}`,
    state,
    score,
    max,
    findings: [] as ReadinessCheck['findings'],
  };
}

function site(domain: string, checks: ReadinessCheck[], status: ScannedSite['status'] = 'scanned') {
  return {
    domain,
    origin: `http://${domain}`,
    answers: 3,
    status,
    scan_id: status === 'scanned' ? `scan-${domain}` : null,
    score: status === 'scanned' ? 50 : null,
    reused: false,
    error: status === 'scanned' ? null : 'unreachable',
    checks,
  };
}

const links = (id: string) => ({ page: `/scans/${id}`, api: `/api/v1/scans/${id}` });

describe('readiness gaps', () => {
  const brand = site('acme.localhost', [
    { ...check('llms', 'bad', 0, 8), findings: [{ state: 'bad', text: 'No /llms.txt.' }] },
    check('render', 'warn', 5, 12),
    check('crawler', 'good', 16, 16),
    check('api', 'unknown', 0, 0),
    check('entity', 'bad', 0, 14),
  ]);

  it('lists per check the cited sites that pass what the brand fails, largest loss first', () => {
    const gaps = buildReadinessGaps({
      brand,
      sites: [
        site('rival.localhost', [
          check('llms', 'good', 8, 8),
          check('render', 'good', 12, 12),
          check('api', 'good', 12, 12),
          check('entity', 'bad', 0, 14),
        ]),
        site('forum.localhost', [check('llms', 'warn', 4, 8), check('render', 'good', 11, 12)]),
        site('down.localhost', [], 'unreachable'),
      ],
      links,
    });
    expect(
      gaps.checks.map((c) => [c.check, c.points_at_stake, c.passing_sites, c.failing_sites]),
    ).toEqual([
      ['llms', 8, ['rival.localhost'], ['forum.localhost']],
      ['render', 7, ['rival.localhost', 'forum.localhost'], []],
    ]);
    expect(gaps.unreachable).toEqual(['down.localhost']);
    expect(gaps.statements).toHaveLength(2);
    expect(gaps.statements[0]).toEqual({
      check: 'llms',
      text: '1 of 2 cited sites scanned (rival.localhost) pass "Check llms"; acme.localhost does not (8 points at stake). Cause: No /llms.txt.',
      points_at_stake: 8,
      scan_url: '/scans/scan-acme.localhost',
      api_url: '/api/v1/scans/scan-acme.localhost',
    });
    expect(gaps.note).toBeNull();
    expect(gaps.sites[0]).not.toHaveProperty('checks');
  });

  it('states at most five gaps', () => {
    const ids = ['crawler', 'sitemap', 'render', 'llms', 'markdown', 'schema', 'api'] as const;
    const gaps = buildReadinessGaps({
      brand: site(
        'acme.localhost',
        ids.map((id) => check(id, 'bad', 0, 4)),
      ),
      sites: [
        site(
          'rival.localhost',
          ids.map((id) => check(id, 'good', 4, 4)),
        ),
      ],
      links,
    });
    expect(gaps.checks).toHaveLength(7);
    expect(gaps.statements).toHaveLength(5);
  });

  it('compares nothing when the brand’s site could not be scanned', () => {
    const gaps = buildReadinessGaps({
      brand: site('acme.localhost', [], 'unreachable'),
      sites: [site('rival.localhost', [check('llms', 'good', 8, 8)])],
      links,
    });
    expect(gaps.checks).toEqual([]);
    expect(gaps.statements).toEqual([]);
    expect(gaps.unreachable).toEqual(['acme.localhost']);
    expect(gaps.note).toMatch(/brand/);
  });
});
