/**
 * Why shared/domain/scan-engine/robots.ts exists although robots-parser is installed: we checked the library
 * against RFC 9309. It gets group replacement, longest match and the Allow tie right, but it
 * ends a group at any non-rule record (Sitemap, Content-Signal, Crawl-delay), which RFC 9309
 * §2.2.4 forbids, and it cannot tell which group or line decided. These tests pin both facts.
 */
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobots } from '#shared/domain/scan-engine/robots';

const URL_BASE = 'https://example.com';
// The package's typings declare an ES default export, but it is CommonJS (module.exports = fn):
// under NodeNext the default import is the function at run time, the typings disagree.
const parseWithLibrary = robotsParser as unknown as typeof robotsParser.default;

function both(robots: string, token: string, path: string) {
  return {
    library: parseWithLibrary(`${URL_BASE}/robots.txt`, robots).isAllowed(
      `${URL_BASE}${path}`,
      token,
    ),
    ours: isAllowed(parseRobots(robots), token, path).allowed,
  };
}

describe('robots-parser against RFC 9309', () => {
  it.each([
    [
      'named group replaces *',
      'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n',
      'GPTBot',
      '/x',
      true,
    ],
    ['longest match wins', 'User-agent: *\nDisallow: /a\nAllow: /a/b\n', 'bot', '/a/b/c', true],
    ['Allow wins a tie', 'User-agent: *\nDisallow: /p\nAllow: /p\n', 'bot', '/p', true],
    ['$ anchors the end', 'User-agent: *\nDisallow: /*.pdf$\n', 'bot', '/a.pdf', false],
    [
      'matching groups are combined',
      'User-agent: b\nDisallow: /1\n\nUser-agent: b\nDisallow: /2\n',
      'b',
      '/2',
      false,
    ],
  ])('agrees with our matcher: %s', (_name, robots, token, path, expected) => {
    expect(both(robots, token, path)).toEqual({ library: expected, ours: expected });
  });

  it('breaks a group at a Sitemap record, which RFC 9309 forbids (we do not)', () => {
    const robots =
      'User-agent: GPTBot\nSitemap: https://example.com/s.xml\nUser-agent: CCBot\nDisallow: /\n';
    expect(both(robots, 'GPTBot', '/')).toEqual({ library: true, ours: false });
  });
});
