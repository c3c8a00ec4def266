import { describe, expect, it } from 'vitest';
import {
  detectMentions,
  domainInText,
  normaliseForMatching,
  prepareText,
} from '#shared/domain/monitor/engine/mentions';

const acme = { name: 'Acme Analytics', aliases: ['Acme'] };

describe('detectMentions: whole words, never substrings', () => {
  it('does not find a two-letter brand inside other words ("LI" in "tile")', () => {
    const li = { name: 'LI', aliases: [] };

    expect(detectMentions('Use vinyl tile; the installation is linear.', li).detected).toBe(false);
    expect(detectMentions('LI and Globex both offer dashboards.', li)).toMatchObject({
      detected: true,
      occurrences: 1,
      ambiguous: true,
    });
  });

  it('does not match a name that only starts a longer word', () => {
    expect(detectMentions('Acmeville is a town.', acme).detected).toBe(false);
    expect(detectMentions('The acme of design.', { name: 'Acme', aliases: [] }).detected).toBe(
      true,
    );
  });

  it('matches a name however its words are joined', () => {
    const demandIq = { name: 'Demand IQ', aliases: [] };

    for (const text of ['Try Demand IQ today', 'Try Demand-IQ today', 'Try DemandIQ today']) {
      expect(detectMentions(text, demandIq).detected, text).toBe(true);
    }
    expect(detectMentions('Demand, IQ tests and more', demandIq).detected).toBe(false);
  });

  it('finds possessives and counts each occurrence once, the longest name first', () => {
    const detection = detectMentions("Acme Analytics' pricing is fair; Acme's support too.", acme);

    expect(detection.occurrences).toBe(2);
    expect(detection.hits.map((hit) => hit.term)).toEqual(['Acme Analytics', 'Acme']);
    expect(detection.first_position).toBe(0);
  });

  it('matches regardless of case and accents, in either direction', () => {
    const cafe = { name: 'Café Zürich', aliases: [] };

    expect(detectMentions('We met at CAFE ZURICH yesterday.', cafe).detected).toBe(true);
    expect(detectMentions('Acmé Analytics wins.', acme).detected).toBe(true);
    expect(detectMentions('Die Straße-Software', { name: 'Strasse', aliases: [] }).detected).toBe(
      true,
    );
  });

  it('matches full-width and compatibility forms after NFKC', () => {
    expect(detectMentions('Ａｃｍｅ is listed first.', acme).detected).toBe(true);
  });

  it('matches names in scripts without spaces on character boundaries', () => {
    const xiaomi = { name: '小米', aliases: [] };
    const toyota = { name: 'トヨタ', aliases: [] };

    expect(detectMentions('推荐使用小米的产品。', xiaomi).detected).toBe(true);
    expect(detectMentions('トヨタ自動車は大きい。', toyota).detected).toBe(true);
    expect(detectMentions('推荐使用小麦的产品。', xiaomi).detected).toBe(false);
    expect(detectMentions('我们用Acme做分析。', acme).detected).toBe(true);
  });

  it('does not confuse Cyrillic look-alikes with Latin letters', () => {
    // "Асме" below is written in Cyrillic letters.
    expect(detectMentions('Асме is a different word.', acme).detected).toBe(false);
  });
});

describe('detectMentions: link surfaces do not count', () => {
  it('ignores the brand inside a URL, a markdown link target and an address label', () => {
    const text = [
      'See https://acme-analytics.example/pricing and www.acme-analytics.example/blog',
      'or [acme-analytics.example](https://acme-analytics.example/?utm_source=openai)',
      'and [review](https://g2.com/products/acme-analytics).',
    ].join(' ');

    expect(detectMentions(text, acme).detected).toBe(false);
  });

  it('keeps a link label that is a word', () => {
    const text = 'The leader is [Acme Analytics](https://acme-analytics.example/).';

    expect(detectMentions(text, acme).occurrences).toBe(1);
  });

  it('reports domains written in the text as a separate signal, by registrable domain', () => {
    const prepared = prepareText(
      'Pricing is on shop.acme-analytics.example and [here](https://globex.example/x).',
    );

    expect(domainInText(prepared, 'acme-analytics.example')).toBe(true);
    // A markdown link target is not written in the visible text.
    expect(domainInText(prepared, 'globex.example')).toBe(false);
    expect(domainInText(prepared, null)).toBe(false);
  });
});

describe('detectMentions: homonyms are found; telling them apart is the judge’s job', () => {
  it('finds "Monday" the weekday as a deterministic hit', () => {
    expect(
      detectMentions('Reports go out every Monday.', { name: 'Monday', aliases: [] }),
    ).toMatchObject({ detected: true, ambiguous: false });
  });
});

describe('normaliseForMatching', () => {
  it('folds Latin, Greek and Cyrillic accents but leaves other marks alone', () => {
    expect(normaliseForMatching('Ärger Ωμέγα Йога')).toBe('arger ωμεγα иога');
    expect(normaliseForMatching('हिंदी')).toBe('हिंदी'.normalize('NFKC'));
  });
});
