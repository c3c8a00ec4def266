import { describe, expect, it } from 'vitest';
import { contentSignalProblems, isAllowed, parseRobots } from '#shared/domain/scan-engine/robots';

function allowed(robots: string, token: string, path: string): boolean {
  return isAllowed(parseRobots(robots), token, path).allowed;
}

describe('RFC 9309 group selection', () => {
  it('matches the product token case-insensitively', () => {
    const robots = 'User-agent: gptbot\nDisallow: /\n';
    expect(allowed(robots, 'GPTBot', '/')).toBe(false);
  });

  it('ignores a version suffix in the user-agent line', () => {
    expect(allowed('User-agent: Googlebot/2.1\nDisallow: /x\n', 'googlebot', '/x')).toBe(false);
  });

  it('lets a named group replace the * group entirely', () => {
    const robots =
      'User-agent: *\nDisallow: /api/\nDisallow: /admin/\n\nUser-agent: OAI-SearchBot\nAllow: /\n';
    expect(allowed(robots, 'OAI-SearchBot', '/api/data')).toBe(true);
    expect(allowed(robots, 'SomeOtherBot', '/api/data')).toBe(false);
    expect(isAllowed(parseRobots(robots), 'OAI-SearchBot', '/api/').source).toBe('named-group');
  });

  it('combines every group that names the token', () => {
    const robots =
      'User-agent: ClaudeBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: claudebot\nDisallow: /b\n';
    expect(allowed(robots, 'ClaudeBot', '/a')).toBe(false);
    expect(allowed(robots, 'ClaudeBot', '/b')).toBe(false);
    expect(allowed(robots, 'ClaudeBot', '/c')).toBe(true);
  });

  it('groups consecutive user-agent lines and keeps them grouped across other records', () => {
    const robots =
      'User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /private\n';
    expect(allowed(robots, 'a', '/private')).toBe(false);
    expect(allowed(robots, 'b', '/private')).toBe(false);
  });

  it('allows everything when no group matches and there is no * group', () => {
    expect(allowed('User-agent: OtherBot\nDisallow: /\n', 'GPTBot', '/')).toBe(true);
  });

  it('treats an empty Disallow as allowing everything', () => {
    expect(allowed('User-agent: *\nDisallow:\n', 'GPTBot', '/anything')).toBe(true);
  });
});

describe('RFC 9309 rule matching', () => {
  it('lets the longest matching rule win', () => {
    const robots = 'User-agent: *\nDisallow: /docs\nAllow: /docs/public\n';
    expect(allowed(robots, 'bot', '/docs/public/page')).toBe(true);
    expect(allowed(robots, 'bot', '/docs/private')).toBe(false);
  });

  it('lets Allow win a tie of equal length', () => {
    expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page\n', 'bot', '/page')).toBe(true);
  });

  it('supports * wildcards and the $ end anchor', () => {
    const robots = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=\n';
    expect(allowed(robots, 'bot', '/files/report.pdf')).toBe(false);
    expect(allowed(robots, 'bot', '/files/report.pdf?download=1')).toBe(true);
    expect(allowed(robots, 'bot', '/search?x=1&q=cats')).toBe(false);
  });

  it('is prefix matching without wildcards', () => {
    expect(allowed('User-agent: *\nDisallow: /fish\n', 'bot', '/fish.html')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /fish\n', 'bot', '/Fish.html')).toBe(true);
  });

  it('compares percent-encoded paths in one normal form', () => {
    expect(allowed('User-agent: *\nDisallow: /caf%c3%a9\n', 'bot', '/café')).toBe(false);
  });

  it('always allows /robots.txt itself', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', 'bot', '/robots.txt')).toBe(true);
  });

  it('names the deciding line', () => {
    const decision = isAllowed(parseRobots('User-agent: *\nAllow: /\nDisallow: /x\n'), 'bot', '/x');
    expect(decision).toMatchObject({ allowed: false, rule: { line: 3, pattern: '/x' } });
  });

  it('stays fast on hostile wildcard patterns', () => {
    const robots = `User-agent: *\nDisallow: /${'*a'.repeat(200)}b\n`;
    const started = Date.now();
    expect(allowed(robots, 'bot', `/${'a'.repeat(2000)}`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('robots.txt records', () => {
  it('collects sitemaps and Content-Signal lines per group', () => {
    const parsed = parseRobots(
      'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\nSitemap: https://example.com/sitemap.xml\n',
    );
    expect(parsed.sitemaps).toEqual(['https://example.com/sitemap.xml']);
    expect(parsed.groups[0]?.contentSignals[0]?.value).toBe('search=yes, ai-train=no');
  });

  it('validates Content-Signal syntax', () => {
    expect(contentSignalProblems('search=yes, ai-input=yes, ai-train=no')).toEqual([]);
    expect(contentSignalProblems('search=maybe')).toHaveLength(1);
    expect(contentSignalProblems('train=no')).toHaveLength(1);
    expect(contentSignalProblems('search')).toHaveLength(1);
  });
});
