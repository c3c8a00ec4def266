import { describe, expect, it } from 'vitest';
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
});
