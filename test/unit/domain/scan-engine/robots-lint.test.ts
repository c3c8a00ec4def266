import { describe, expect, it } from 'vitest';
import { lintRobots } from '#shared/domain/scan-engine/robots-lint';

const lines = (...list: string[]) => list.join('\n');

describe('lintRobots', () => {
  it('names each construct crawlers read differently, with its line', () => {
    const issues = lintRobots(
      lines(
        'User-agent: *',
        'Disalow: /private/',
        'useragent: ExampleBot',
        'Disallow /tmp/',
        'User-agent: FooBot,BarBot',
        `Disallow: /${'a'.repeat(2_100)}`,
      ),
      true,
    );
    expect(issues.map((issue) => issue.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(issues[0]?.text).toContain('byte-order mark');
    expect(issues[1]?.text).toContain('"Disalow" is a misspelling of Disallow. Google accepts it');
    expect(issues[2]?.text).toContain(
      '"useragent" is a misspelling of User-agent. Google accepts it',
    );
    expect(issues[3]?.text).toContain('has no colon after Disallow');
    expect(issues[4]?.text).toContain('Google reads only "FooBot"');
    expect(issues[5]?.text).toMatch(/is 2,1\d\d bytes long; Google reads it/);
  });

  it('says when Google ignores a misspelling too', () => {
    const [issue] = lintRobots('User-agent: *\nAlow: /\n');
    expect(issue?.text).toContain('"Alow" is a misspelling of Allow. Google ignores it too');
  });

  it('says when Google cuts a line', () => {
    const [issue] = lintRobots(`User-agent: *\nDisallow: /${'b'.repeat(17_000)}\n`);
    expect(issue?.text).toContain('Google ignores everything past 16,664 bytes');
  });

  it('stays quiet on a clean file, other records and comments', () => {
    const clean = lines(
      '# Welcome, crawlers',
      'User-agent: *',
      'Content-Signal: search=yes, ai-input=yes, ai-train=no',
      'Crawl-delay: 2',
      'Allow: /',
      'Disallow: /admin/ # private',
      '',
      'Sitemap: https://example.com/sitemap.xml',
    );
    expect(lintRobots(clean)).toEqual([]);
  });

  it('reads a colon inside the value as a missing key colon', () => {
    const [issue] = lintRobots('Sitemap https://example.com/sitemap.xml');
    expect(issue?.text).toContain('has no colon after Sitemap');
  });
});
