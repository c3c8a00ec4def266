import { describe, expect, it } from 'vitest';
import { judgeArtifacts } from '#shared/domain/scan-engine/engine';
import { separateWalls } from '#shared/domain/scan-engine/walled-artifacts';
import { wallOf } from '#shared/domain/scan-engine/walls';
import { makeArtifacts, response, serverRenderedHtml } from './artifact-builders.ts';

/**
 * Issue 37 point 4: what answered instead of the site. A wall is recognised from the answer
 * itself (a vendor header, the words of a challenge or block page, 429, 402), never from a bare
 * 403; the checks that needed a walled document are not judged on it.
 */
const page = (status: number, body: string, headers: Record<string, string> = {}) =>
  response('/', { status, type: 'text/html', body, headers });

describe('wallOf', () => {
  it('recognises a Cloudflare challenge by its header, and by its page on a 503', () => {
    expect(wallOf(page(403, '<p>x</p>', { 'cf-mitigated': 'challenge' }))).toMatchObject({
      kind: 'challenge',
      by: 'a Cloudflare challenge page',
      evidence: 'HTTP 403, cf-mitigated: challenge',
    });
    expect(wallOf(page(503, '<title>Just a moment...</title>'))).toMatchObject({
      kind: 'challenge',
    });
  });

  it('recognises WAF block pages and rate limits with their evidence', () => {
    expect(
      wallOf(
        page(403, '<title>Attention Required! | Cloudflare</title> Sorry, you have been blocked'),
      ),
    ).toMatchObject({ kind: 'waf', by: 'a Cloudflare WAF block' });
    expect(wallOf(page(403, 'Forbidden', { 'x-amzn-waf-action': 'block' }))).toMatchObject({
      kind: 'waf',
      by: 'an AWS WAF block',
    });
    expect(wallOf(page(429, 'slow down', { 'retry-after': '30' }))).toMatchObject({
      kind: 'rate-limit',
      evidence: 'HTTP 429 Too Many Requests, Retry-After: 30',
    });
  });

  it('reads a 402 as a payment request, naming x402', () => {
    expect(wallOf(page(402, '{}', { 'payment-required': 'e30=' }))).toMatchObject({
      kind: 'payment',
      evidence: 'HTTP 402 Payment Required with PAYMENT-REQUIRED (x402)',
    });
  });

  it('takes a bare 403, a 503 and a page that merely mentions a captcha as the site itself', () => {
    expect(wallOf(page(403, 'Forbidden'))).toBeUndefined();
    expect(wallOf(page(503, 'maintenance'))).toBeUndefined();
    expect(wallOf(page(200, '<p>Our captcha library for forms</p>'))).toBeUndefined();
  });
});

describe('separateWalls', () => {
  it("keeps robots.txt's lone 429 as an answer (disallow all for crawlers)", () => {
    const artifacts = makeArtifacts({
      robots: response('/robots.txt', { status: 429, type: 'text/plain', body: 'wait' }),
    });
    const { sightings, artifacts: seen } = separateWalls(artifacts);
    expect(sightings).toEqual([]);
    expect(seen.robots.kind).toBe('response');
  });

  it('takes robots.txt as rate limited too when the site throttled other documents', () => {
    const artifacts = makeArtifacts({
      robots: response('/robots.txt', { status: 429, type: 'text/plain', body: 'wait' }),
      llmsTxt: response('/llms.txt', { status: 429, type: 'text/plain', body: 'wait' }),
    });
    const { sightings, artifacts: seen } = separateWalls(artifacts);
    expect(sightings.map((sighting) => sighting.wall.kind)).toEqual(['rate-limit', 'rate-limit']);
    expect(seen.robots.kind).toBe('walled');
  });

  it('never marks a third party (sameAs) as the site', () => {
    const artifacts = makeArtifacts({
      sameAsTargets: {
        'https://social.example/acme': response('https://social.example/acme', { status: 429 }),
      },
    });
    expect(separateWalls(artifacts).sightings).toEqual([]);
  });
});

describe('checks behind a wall', () => {
  it('does not judge the checks whose page a challenge answered, and judges the rest', () => {
    const challenge = page(403, '<title>Just a moment...</title>', { 'cf-mitigated': 'challenge' });
    const artifacts = makeArtifacts({ homepage: challenge, homepageMarkdown: challenge });
    const { checks, partial, notJudged } = judgeArtifacts(artifacts);
    for (const id of ['render', 'schema', 'markdown', 'entity'] as const) {
      const check = checks.find((candidate) => candidate.id === id);
      expect(check, id).toMatchObject({ state: 'unknown', score: 0, max: 0 });
      expect(check?.findings[0]).toMatchObject({
        id: `${id}.not_judged`,
        text: expect.stringMatching(/^Not judged: blocked by a Cloudflare challenge page/),
      });
    }
    expect(notJudged).toEqual(expect.arrayContaining(['render', 'schema', 'markdown', 'entity']));
    expect(partial).toEqual(expect.arrayContaining(['crawler', 'render']));
    expect(checks.find((check) => check.id === 'llms')?.findings[0]?.id).not.toMatch(/not_judged/);
  });

  it('leaves a site without walls exactly as it was judged', () => {
    const artifacts = makeArtifacts({
      homepage: response('/', { type: 'text/html', body: serverRenderedHtml() }),
    });
    expect(judgeArtifacts(artifacts).partial).toEqual([]);
  });
});
