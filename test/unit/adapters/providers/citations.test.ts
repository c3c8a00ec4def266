import { describe, expect, it } from 'vitest';
import { withoutUnsafeLinks } from '#shared/adapters/providers/adapter';
import { collectCitations, domainOf, normaliseUrl } from '#shared/adapters/providers/citations';

describe('citations helpers', () => {
  it('reduces a URL to its lower-case host without www', () => {
    expect(domainOf('https://WWW.Example.ORG/a?b=1')).toBe('example.org');
    expect(domainOf('not a url')).toBeNull();
  });

  it('drops fragments and utm parameters but keeps other query parameters', () => {
    expect(normaliseUrl('https://a.example/p?id=3&utm_source=openai#top')).toBe(
      'https://a.example/p?id=3',
    );
  });

  it('merges duplicates, upgrading a retrieved source to cited and keeping the first title', () => {
    const citations = collectCitations([
      { url: 'https://a.example/p', title: null, cited: false },
      { url: 'https://a.example/q', title: 'Q', cited: false },
      { url: 'https://a.example/p#x', title: 'P', cited: true },
      { url: 'mailto:x@y', cited: true },
    ]);

    expect(citations).toEqual([
      { url: 'https://a.example/p', domain: 'a.example', title: 'P', cited: true },
      { url: 'https://a.example/q', domain: 'a.example', title: 'Q', cited: false },
    ]);
  });

  it('keeps only web addresses, whatever a provider calls a source', () => {
    const citations = collectCitations([
      { url: 'javascript:alert(1)//https://evil.example/', title: 'x', cited: true },
      { url: ' JavaScript:alert(1)', cited: true },
      { url: 'data:text/html,<script>alert(1)</script>', cited: true },
      { url: 'vbscript:x', cited: false },
      { url: '//evil.example/page', cited: true },
      { url: 'https://good.example/page', domain: '<img src=x>', cited: true },
      { url: 'https://fine.example/a', cited: true },
    ]);
    expect(citations.map((citation) => citation.url)).toEqual(['https://fine.example/a']);
  });

  it('reduces markdown links to anything but the web to their labels', () => {
    expect(
      withoutUnsafeLinks(
        'See [evil](javascript:alert(document.cookie)//x), [data](data:text/html,<b>x</b>) and [ok](https://ok.example/a_(b)).',
      ),
    ).toBe('See evil, data and [ok](https://ok.example/a_(b)).');
  });
});
