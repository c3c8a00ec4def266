import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlResponse, textResponse } from '#test/fixtures/sites/responses';
import {
  type FixtureRoute,
  type FixtureSiteDefinition,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The fix pack and verification (issue 38, points 4 and 5) through the local front: a bakery
 * that takes orders online, with no robots.txt, llms.txt, JSON-LD or agent catalog is scanned; every file its
 * fix pack generates is then served as it is (JSON-LD in the homepage, the `_headers` file's Link
 * headers on it) and the site scanned again passes the checks each file is for. Verification
 * reports fixed, still and new; tenancy reads another account's scan as missing.
 */
interface Finding {
  id: string;
  state: string;
}
interface Scan {
  id: string;
  checks: Array<{ id: string; findings: Finding[] }>;
}
interface Fix {
  finding_id: string;
  impact_points: number;
  target_url: string;
  steps: string[];
  files: Array<{ path: string; media_type: string; content: string }>;
}

const WORDS = 'We bake sourdough, rye and seasonal pastries every morning from local flour. ';
const page = (title: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title} | Harbour Bakery</title><meta name="description" content="${title} at Harbour Bakery."><link rel="canonical" href="/">${head}</head><body><main><h1>${title}</h1><p>${WORDS.repeat(12)}</p><p><a href="/about">About</a> <a href="/menu">Menu</a> <a href="/login">Order online</a></p></main></body></html>`;

/** The bakery, with whatever the fix pack added (files by path, JSON-LD, headers on `/`). */
function bakery(
  added: {
    files?: Record<string, FixtureRoute>;
    head?: string;
    headers?: Record<string, string>;
  } = {},
): FixtureSiteDefinition {
  return {
    routes: {
      '/': htmlResponse(page('Harbour Bakery', added.head), added.headers),
      '/about': htmlResponse(page('About us')),
      '/menu': htmlResponse(page('Our menu')),
      // A login link makes it an app: a missing agent catalog counts, so the pack has one.
      '/login': htmlResponse(page('Order online')),
      '/sitemap.xml': (context) =>
        textResponse(
          'application/xml',
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/', '/about', '/menu'].map((path) => `<url><loc>${context.origin}${path}</loc><lastmod>2026-11-01</lastmod></url>`).join('')}</urlset>`,
        ),
      ...added.files,
    },
  };
}

/** A site whose definition changes between scans, at the same address. */
let definition = bakery();
let site: RunningFixtureSite;
let stack: TestStack;
let key: string;
let otherKey: string;
let scan: Scan;
let fixes: Fix[];

const ids = (checks: Scan['checks']) =>
  new Map(checks.flatMap((check) => check.findings.map((finding) => [finding.id, finding.state])));

/** The generated files served as they are: documents at their path, JSON-LD and headers on `/`. */
function servedAsIs(files: Fix['files']) {
  const routes: Record<string, FixtureRoute> = {};
  let head = '';
  const headers: Record<string, string> = {};
  for (const file of files) {
    if (file.path === '/') head += `<script type="application/ld+json">${file.content}</script>`;
    else if (file.path === '/_headers') {
      const links = [...file.content.matchAll(/^\s+Link: (.+)$/gm)].map((match) => match[1]);
      headers.link = links.join(', ');
    } else routes[file.path] = textResponse(file.media_type, file.content);
  }
  return bakery({ files: routes, head, headers });
}

beforeAll(async () => {
  site = await startFixtureSite({
    routes: {},
    fallback: (context) => {
      const route = definition.routes[context.path] ?? { status: 404, body: 'Not found' };
      return typeof route === 'function' ? route(context) : route;
    },
  });
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', ANONYMOUS_SCANS_PER_DAY: '3' });
  [key, otherKey] = await Promise.all([
    stack.createKey(['scans:read', 'scans:write']),
    stack.createKey(['scans:read', 'scans:write']),
  ]);
  const created = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: site.url },
  });
  scan = created.body.scan as Scan;
  const answer = await callJson(stack.baseUrl, `/api/v1/scans/${scan.id}/fixes`, { key });
  expect(answer.status).toBe(200);
  fixes = answer.body.fixes as Fix[];
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await site?.close();
});

describe('GET /api/v1/scans/{id}/fixes', () => {
  it('lists one fix per warn or bad finding id, most points first, with steps and a target', () => {
    const raised = [...ids(scan.checks)].filter(([, state]) => state === 'warn' || state === 'bad');
    expect(new Set(fixes.map((fix) => fix.finding_id))).toEqual(new Set(raised.map(([id]) => id)));
    const points = fixes.map((fix) => fix.impact_points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(points[0]).toBeGreaterThan(0);
    for (const fix of fixes) {
      expect(fix.steps.length).toBeGreaterThan(1);
      expect(fix.target_url.startsWith(site.url)).toBe(true);
    }
  });

  it('generates llms.txt, robots.txt, the catalogs, JSON-LD and Link headers from what the scan saw', () => {
    const files = new Map(fixes.flatMap((fix) => fix.files.map((file) => [file.path, file])));
    expect([...files.keys()].sort()).toEqual(
      [
        '/',
        '/.well-known/ai-catalog.json',
        '/.well-known/ard.json',
        '/_headers',
        '/llms.txt',
        '/robots.txt',
      ].sort(),
    );
    expect(files.get('/llms.txt')?.content).toMatch(
      /^# Harbour Bakery\n\n> Harbour Bakery at Harbour Bakery\.\n/,
    );
    expect(files.get('/llms.txt')?.content).toContain(
      `- [About us | Harbour Bakery](${site.url}/about)`,
    );
    expect(files.get('/robots.txt')?.content).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(files.get('/.well-known/ard.json')?.content).toContain('representativeQueries');
  });

  it('passes the checks each file is for when every file is served as it is', async () => {
    definition = servedAsIs(fixes.flatMap((fix) => fix.files));
    const { body } = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.url },
    });
    const after = ids((body.scan as Scan).checks);
    for (const id of [
      'llms.present',
      'llms.h1_ok',
      'llms.summary_ok',
      'llms.sections_ok',
      'llms.links_ok',
      'llms.extras_ok',
      'crawler.robots_ok',
      'crawler.ai_policy_declared',
      'crawler.content_signal_valid',
      'sitemap.in_robots',
      'schema.json_ld_ok',
      'schema.identity_ok',
      'agent.ai_catalog_ok',
    ]) {
      expect(after.get(id), id).toBe('good');
    }
    for (const [id, state] of after) {
      if (/^(llms|crawler)\.|^agent\.(ard|ai_catalog|mcp_card_unreadable)/.test(id))
        expect(['good', 'info', 'unknown'], id).toContain(state);
    }
    // The ARD manifest on its own (the AI Catalog is credited first when both are served).
    definition = servedAsIs(
      fixes.flatMap((fix) => fix.files).filter((file) => !file.path.endsWith('ai-catalog.json')),
    );
    const ard = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.url },
    });
    expect(ids((ard.body.scan as Scan).checks).get('agent.ard_ok')).toBe('good');
    definition = bakery();
  });
});

describe('POST /api/v1/scans/{id}/verify', () => {
  it('scans again and reports fixed, still and new, with the new scan', async () => {
    const llms = fixes.find((fix) => fix.finding_id === 'llms.missing') as Fix;
    definition = {
      ...servedAsIs(llms.files),
      routes: { ...servedAsIs(llms.files).routes, '/menu': { status: 500, body: 'broken' } },
    };
    const { status, body } = await callJson(stack.baseUrl, `/api/v1/scans/${scan.id}/verify`, {
      method: 'POST',
      key,
      body: { finding_ids: ['llms.missing', 'sitemap.not_in_robots'] },
    });
    definition = bakery();
    expect(status).toBe(200);
    const verification = body.verification as {
      scan_id: string;
      fixed: string[];
      still: string[];
      new: string[];
    };
    expect(verification.fixed).toEqual(['llms.missing']);
    expect(verification.still).toEqual(['sitemap.not_in_robots']);
    expect(verification.new).toContain('sitemap.dead_urls');
    expect((body.scan as Scan).id).toBe(verification.scan_id);
    expect(verification.scan_id).not.toBe(scan.id);
  });

  it('refuses an id the scan did not raise, before scanning (400)', async () => {
    const { status, body } = await callJson(stack.baseUrl, `/api/v1/scans/${scan.id}/verify`, {
      method: 'POST',
      key,
      body: { finding_ids: ['llms.present'] },
    });
    expect(status).toBe(400);
    expect((body.error as { code: string }).code).toBe('invalid_request');
  });
});

describe('tenancy', () => {
  it("reads another account's scan as missing, for the fix pack and verification alike", async () => {
    for (const [path, method] of [
      [`/api/v1/scans/${scan.id}/fixes`, 'GET'],
      [`/api/v1/scans/${scan.id}/verify`, 'POST'],
    ] as const) {
      const other = await callJson(stack.baseUrl, path, {
        method,
        key: otherKey,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(other.status, path).toBe(404);
      const nobody = await callJson(stack.baseUrl, path, {
        method,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(nobody.status, path).toBe(404);
    }
  });

  it('keeps a scan made without a key as public as the scan; verifying counts in the anonymous quota', async () => {
    const anonymous = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: site.url },
    });
    const id = (anonymous.body.scan as Scan).id;
    expect((await callJson(stack.baseUrl, `/api/v1/scans/${id}/fixes`)).status).toBe(200);
    expect(
      (await callJson(stack.baseUrl, `/api/v1/scans/${id}/fixes`, { key: otherKey })).status,
    ).toBe(200);
    const verified = await callJson(stack.baseUrl, `/api/v1/scans/${id}/verify`, {
      method: 'POST',
      body: {},
    });
    expect(verified.status).toBe(200);
    await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body: { domain: site.url } });
    const over = await callJson(stack.baseUrl, `/api/v1/scans/${id}/verify`, {
      method: 'POST',
      body: {},
    });
    expect(over.status).toBe(429);
    expect((over.body.error as { code: string }).code).toBe('rate_limited');
  });
});
