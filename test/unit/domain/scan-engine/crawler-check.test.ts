import { describe, expect, it } from 'vitest';
import { evaluateCrawler } from '#shared/domain/scan-engine/checks/crawler';
import {
  findingTexts,
  makeArtifacts,
  response,
  robotsTxt,
  SPA_SHELL,
  serverRenderedHtml,
  skipped,
  timedOut,
} from './artifact-builders.ts';

const OPEN_WITH_POLICY = [
  'User-agent: *',
  'Content-Signal: search=yes, ai-input=yes, ai-train=no',
  'Allow: /',
  '',
  'User-agent: OAI-SearchBot',
  'Allow: /',
].join('\n');

describe('crawler check', () => {
  it('gives full marks except the unverifiable WAF half to an open, explicit policy', () => {
    const check = evaluateCrawler(makeArtifacts({ robots: robotsTxt(OPEN_WITH_POLICY) }));
    expect(check).toMatchObject({
      id: 'crawler',
      pillar: 'R',
      state: 'good',
      score: 15.5,
      max: 16,
    });
    expect(findingTexts(check)).toContain('cannot be verified from outside');
  });

  it('treats robots.txt 5xx as complete disallow (RFC 9309 §2.3.1.4)', () => {
    const check = evaluateCrawler(
      makeArtifacts({ robots: robotsTxt('User-agent: *\nAllow: /\n', 503) }),
    );
    // Only the edge signals remain: 1 for our client + 0.5 unverifiable.
    expect(check).toMatchObject({ state: 'bad', score: 1.5, max: 16 });
    const text = findingTexts(check);
    expect(text).toContain('disallow everything');
    // One finding for the cause: the file's own lines and advice to edit it would mislead.
    expect(text).not.toMatch(/line \d|Content-Signal line|Training crawlers/);
    expect(check.findings.filter((finding) => finding.state === 'bad')).toHaveLength(1);
  });

  it('treats robots.txt 404 as allow-all with no declared policy (RFC 9309 §2.3.1.3)', () => {
    const check = evaluateCrawler(makeArtifacts());
    // robots 1 of 2, search 6, user 3, no explicit policy, no Content-Signal, edge 1.5
    expect(check).toMatchObject({ state: 'warn', score: 11.5, max: 16 });
    expect(findingTexts(check)).toContain('may fetch everything');
  });

  it('ranks 5xx far below 404', () => {
    const fiveHundred = evaluateCrawler(makeArtifacts({ robots: robotsTxt('', 500) }));
    const fourOhFour = evaluateCrawler(makeArtifacts({ robots: robotsTxt('', 404) }));
    expect(fourOhFour.score - fiveHundred.score).toBeGreaterThan(8);
  });

  it('applies a named AI group instead of the * group, and says so', () => {
    const check = evaluateCrawler(
      makeArtifacts({
        robots: robotsTxt('User-agent: *\nDisallow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n'),
      }),
    );
    const text = findingTexts(check);
    expect(text).toContain(
      'AI search crawlers may fetch the homepage (/): OAI-SearchBot (its own group)',
    );
    for (const token of ['Claude-SearchBot', 'PerplexityBot']) {
      expect(text).toContain(
        `${token}, an AI search crawler, is blocked from every page we judged (/) by line 2 "Disallow: /" in the * group.`,
      );
    }
    expect(check.findings.map((finding) => finding.id)).toEqual(
      expect.arrayContaining(['crawler.claude_searchbot_blocked', 'crawler.perplexitybot_blocked']),
    );
    // 1 of 5 search crawlers -> 1.2 of 6; user fetchers 0; explicit policy 2.
    expect(check.score).toBe(2 + 1.2 + 0 + 2 + 0 + 1.5);
  });

  it('does not penalise a training-only opt-out', () => {
    const optOut = [
      'User-agent: GPTBot',
      'User-agent: ClaudeBot',
      'User-agent: Google-Extended',
      'User-agent: CCBot',
      'Disallow: /',
      '',
      'User-agent: *',
      'Content-Signal: search=yes, ai-input=yes, ai-train=no',
      'Allow: /',
    ].join('\n');
    const optedOut = evaluateCrawler(makeArtifacts({ robots: robotsTxt(optOut) }));
    const open = evaluateCrawler(makeArtifacts({ robots: robotsTxt(OPEN_WITH_POLICY) }));
    expect(optedOut.score).toBe(open.score);
    for (const id of [
      'crawler.gptbot_blocked',
      'crawler.claudebot_blocked',
      'crawler.google_extended_blocked',
      'crawler.ccbot_blocked',
    ]) {
      expect(optedOut.findings).toContainEqual(
        expect.objectContaining({
          id,
          state: 'info',
          text: expect.stringMatching(
            /^Training crawler \S+ is blocked by robots\.txt line 5 "Disallow: \/"\. This is a policy choice/,
          ),
        }),
      );
    }
  });

  it('treats an HTML robots.txt (SPA soft-404) as no rules', () => {
    const check = evaluateCrawler(
      makeArtifacts({ robots: response('/robots.txt', { type: 'text/html', body: SPA_SHELL }) }),
    );
    expect(findingTexts(check)).toContain(
      'answers 200 with an HTML page, so crawlers find no rules',
    );
    expect(check.findings[0]?.state).toBe('bad');
  });

  it('flags an invalid Content-Signal', () => {
    const check = evaluateCrawler(
      makeArtifacts({
        robots: robotsTxt('User-agent: *\nContent-Signal: ai-train=maybe\nAllow: /\n'),
      }),
    );
    expect(findingTexts(check)).toContain('Content-Signal is invalid');
  });

  it('treats a robots.txt that did not answer within its budget as unreachable (disallow all)', () => {
    const slow = evaluateCrawler(makeArtifacts({ robots: timedOut('/robots.txt') }));
    const missing = evaluateCrawler(makeArtifacts());
    expect(slow).toMatchObject({ state: 'bad', score: 1.5, max: 16 });
    expect(slow.score).toBeLessThan(missing.score);
    expect(findingTexts(slow)).toContain('/robots.txt did not answer within 6 s.');
  });

  it('leaves the check unknown when the scanner could not fetch robots.txt', () => {
    const check = evaluateCrawler(makeArtifacts({ robots: skipped('/robots.txt') }));
    expect(check).toMatchObject({ state: 'unknown', score: 0, max: 0 });
    expect(findingTexts(check)).toContain('could not be fetched by the scanner');
  });

  it('reports a bot challenge on the homepage', () => {
    const check = evaluateCrawler(
      makeArtifacts({
        robots: robotsTxt(OPEN_WITH_POLICY),
        homepage: response('/', {
          status: 403,
          type: 'text/html',
          body: '<html><title>Just a moment...</title></html>',
          headers: { 'cf-mitigated': 'challenge' },
        }),
      }),
    );
    expect(findingTexts(check)).toContain('Bot protection blocks automated clients');
  });

  it('keeps a clean homepage when the server-rendered page answers 200', () => {
    const check = evaluateCrawler(
      makeArtifacts({ homepage: response('/', { type: 'text/html', body: serverRenderedHtml() }) }),
    );
    expect(findingTexts(check)).toContain('answers an identified automated client with 200');
  });
});
