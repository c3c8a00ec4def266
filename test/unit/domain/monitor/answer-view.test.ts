import { describe, expect, it } from 'vitest';
import {
  ANSWER_CSV_COLUMNS,
  answerCsvHeader,
  answerCsvRow,
  answerView,
} from '#shared/domain/monitor/answer-view';
import { categoriseSource } from '#shared/domain/monitor/engine/source-category';
import { cite, PROFILE, record } from './builders.ts';

const source = (url: string) => {
  const domain = new URL(url).hostname.replace(/^www\./, '');
  return { url, domain };
};

describe('the source classifier', () => {
  it('puts the brand and tracked competitors before every list', () => {
    expect(categoriseSource(source('https://docs.acme-analytics.example/a'), PROFILE)).toBe('own');
    expect(categoriseSource(source('https://globex.example/vs-acme'), PROFILE)).toBe('competitor');
  });

  it('recognises reference, review, forum and news sites by domain and host', () => {
    expect(categoriseSource(source('https://en.wikipedia.org/wiki/X'), PROFILE)).toBe('reference');
    expect(categoriseSource(source('https://www.nist.gov/x'), PROFILE)).toBe('reference');
    expect(categoriseSource(source('https://www.g2.com/products/x'), PROFILE)).toBe(
      'review_comparison',
    );
    expect(categoriseSource(source('https://www.reddit.com/r/analytics'), PROFILE)).toBe(
      'forum_community',
    );
    expect(categoriseSource(source('https://community.hooli.example/t/1'), PROFILE)).toBe(
      'forum_community',
    );
    expect(categoriseSource(source('https://techcrunch.com/2026/x'), PROFILE)).toBe('news_media');
  });

  it('reads comparison pages by their path and leaves the rest as other', () => {
    expect(categoriseSource(source('https://blog.example/best-analytics-tools'), PROFILE)).toBe(
      'review_comparison',
    );
    expect(categoriseSource(source('https://blog.example/acme-vs-globex'), PROFILE)).toBe(
      'review_comparison',
    );
    expect(categoriseSource(source('https://blog.example/funnels'), PROFILE)).toBe('other');
  });
});

describe('an answer as the API shows it', () => {
  const text = 'Acme Analytics is a good pick, say "=SUM(1)", and Globex Insights too.';
  const stored = {
    status: 'ok' as const,
    key: { family: 'openai' as const, mode: 'online' as const, cell_id: 'A-01-en-r1' },
    record: record(text, {
      citations: [cite('https://www.g2.com/x'), cite('https://globex.example/p', false)],
      search_queries: ['best product analytics'],
    }),
    answered_at: '2026-11-01T00:00:00.000Z',
  };

  it('keeps retrieved and cited sources apart and categorises each', () => {
    const view = answerView(PROFILE, stored, undefined);
    expect(view.id).toBe('openai.online.A-01-en-r1');
    expect(view.sources).toEqual([
      {
        url: 'https://www.g2.com/x',
        domain: 'g2.com',
        title: null,
        cited: true,
        category: 'review_comparison',
      },
      {
        url: 'https://globex.example/p',
        domain: 'globex.example',
        title: null,
        cited: false,
        category: 'competitor',
      },
    ]);
    expect(view.search_queries).toEqual(['best product analytics']);
    expect(view.mentions.map((m) => [m.name, m.counted, m.judge])).toEqual([
      ['Acme Analytics', true, 'not_judged'],
      ['Globex Insights', true, 'not_judged'],
      ['Initech', false, 'not_judged'],
    ]);
  });

  it('writes CSV rows in the documented column order, quoted where needed', () => {
    const view = answerView(PROFILE, stored, undefined);
    expect(answerCsvHeader()).toBe(`${ANSWER_CSV_COLUMNS.join(',')}\r\n`);
    const row = answerCsvRow(view);
    expect(row.startsWith('openai.online.A-01-en-r1,A-01,A,en,')).toBe(true);
    expect(row).toContain(
      '"Acme Analytics is a good pick, say ""=SUM(1)"", and Globex Insights too."',
    );
    expect(row.endsWith(',100,50,false\r\n')).toBe(true);
    const formula = answerCsvRow({ ...view, prompt: '=HYPERLINK("x")' });
    expect(formula).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('the CSV export in words', () => {
  it('holds no JSON in any cell: mentions, facts, sources and searches read as text', () => {
    const answer = record('Acme Analytics is a good pick; Globex Insights costs more.', {
      citations: [cite('https://globex.example/pricing'), cite('https://blog.example/x', false)],
      search_queries: ['best product analytics', 'acme pricing'],
    });
    const key = { family: 'openai', mode: 'online', cell_id: answer.id } as const;
    const view = answerView(
      PROFILE,
      { status: 'ok', key, record: answer, answered_at: 'now' },
      undefined,
    );
    const row = answerCsvRow(view);
    expect(row).not.toMatch(/[{[]"/);
    expect(row).toContain(
      'Acme Analytics (brand): counted; Globex Insights: counted; Initech: not found',
    );
    expect(row).toContain(
      'https://globex.example/pricing (cited, competitor); https://blog.example/x (retrieved only, other)',
    );
    expect(row).toContain('best product analytics; acme pricing');
  });
});
