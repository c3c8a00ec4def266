import { describe, expect, it } from 'vitest';
import {
  answerMatches,
  citesCategory,
  citesDomain,
  countsForEntity,
  withinDomain,
} from '#shared/domain/monitor/answer-filters';
import { answerView } from '#shared/domain/monitor/answer-view';
import { entityShares } from '#shared/domain/monitor/engine/aggregate';
import { citationStats } from '#shared/domain/monitor/engine/citations';
import { measureAnswer } from '#shared/domain/monitor/engine/measure';
import type { AnswerRecord } from '#shared/domain/monitor/engine/types';
import { ListAnswersQuerySchema } from '#shared/domain/monitor/run-schemas';
import { cite, PROFILE, record } from './builders.ts';

/**
 * The drill-down filters of a run's answers (docs/monitor.md "One run and its answers"): each
 * keeps exactly the answers the summary counted for the chart bar it opens.
 */
function stored(text: string, overrides: Partial<AnswerRecord> = {}, cell = 'A-01-en-r1') {
  return {
    status: 'ok' as const,
    key: { family: 'openai' as const, mode: 'online' as const, cell_id: cell },
    record: record(text, overrides),
    answered_at: '2026-11-01T00:00:00.000Z',
  };
}

const view = (text: string, overrides: Partial<AnswerRecord> = {}) =>
  answerView(PROFILE, stored(text, overrides), undefined);

describe('the entity filter', () => {
  it('keeps an unbranded answer naming the competitor, whatever the case of the name asked', () => {
    const answer = view('Globex Insights is the usual pick.');
    expect(countsForEntity(answer, 'Globex Insights')).toBe(true);
    expect(countsForEntity(answer, 'globex insights')).toBe(true);
    expect(countsForEntity(answer, '  GLOBEX INSIGHTS ')).toBe(true);
    expect(countsForEntity(answer, 'Globex')).toBe(false);
    expect(countsForEntity(answer, 'Initech')).toBe(false);
  });

  it('leaves out branded answers and a name the prompt itself asked about, as share of answer does', () => {
    const branded = view('Acme Analytics and Globex Insights both work.', {
      branded: true,
      prompt: 'Is Acme Analytics good?',
    });
    expect(branded.branded).toBe(true);
    expect(countsForEntity(branded, 'Globex Insights')).toBe(false);
    const echo = view('Initech is fine, but Globex Insights is better.', {
      prompt: 'What are alternatives to Globex Insights?',
    });
    expect(echo.mentions.find((m) => m.name === 'Globex Insights')?.in_prompt).toBe(true);
    expect(countsForEntity(echo, 'Globex Insights')).toBe(false);
    expect(countsForEntity(echo, 'Initech')).toBe(true);
  });

  it('keeps as many answers as the share of answer counts for each name', () => {
    const records = [
      record('Globex Insights and Initech lead.', { prompt_id: 'A-01' }),
      record('Acme Analytics is best.', { prompt_id: 'A-02' }),
      record('Acme and Globex Insights.', { prompt_id: 'B-01', block: 'B', branded: true }),
      record('Try Initech.', { prompt_id: 'C-01', block: 'C', prompt: 'Initech or not?' }),
      record('Nothing to name here.', { prompt_id: 'D-01', block: 'D' }),
    ];
    const measurements = records.map((r) => measureAnswer(PROFILE, r, undefined));
    const views = records.map((r, i) => answerView(PROFILE, stored('', r, `c${i}`), undefined));
    for (const share of entityShares(PROFILE, measurements)) {
      const kept = views.filter((v) => countsForEntity(v, share.name)).length;
      expect(kept, share.name).toBe(share.judge_mentions);
    }
    expect(views.filter((v) => countsForEntity(v, 'Initech'))).toHaveLength(1);
  });
});

describe('the cited-domain filter', () => {
  it('matches the domain and its subdomains, never a look-alike', () => {
    expect(withinDomain('example.com', 'example.com')).toBe(true);
    expect(withinDomain('docs.example.com', 'example.com')).toBe(true);
    expect(withinDomain('Docs.Example.COM.', 'example.com')).toBe(true);
    expect(withinDomain('notexample.com', 'example.com')).toBe(false);
    expect(withinDomain('example.com.evil.test', 'example.com')).toBe(false);
    expect(withinDomain('example.com', 'docs.example.com')).toBe(false);
    expect(withinDomain('example.com', '')).toBe(false);
  });

  it('counts only sources the answer cites, as the most cited domains do', () => {
    const answer = view('See the docs.', {
      citations: [
        cite('https://docs.example.com/a'),
        cite('https://notexample.com/b'),
        cite('https://globex.example/c', false),
      ],
    });
    expect(citesDomain(answer, 'example.com')).toBe(true);
    expect(citesDomain(answer, 'notexample.com')).toBe(true);
    expect(citesDomain(answer, 'globex.example')).toBe(false);
  });

  it('keeps as many answers as the summary says cited each top domain', () => {
    const records = [
      record('a', { prompt_id: 'A-01', citations: [cite('https://docs.example.com/1')] }),
      record('b', { prompt_id: 'A-02', citations: [cite('https://notexample.com/1')] }),
      record('c', {
        prompt_id: 'A-03',
        citations: [cite('https://example.com/1'), cite('https://example.com/2')],
      }),
      record('d', { prompt_id: 'A-04', citations: [cite('https://example.com/3', false)] }),
    ];
    const measurements = records.map((r) => measureAnswer(PROFILE, r, undefined));
    const views = records.map((r, i) => answerView(PROFILE, stored('', r, `c${i}`), undefined));
    const top = citationStats(PROFILE, measurements).top_cited_domains;
    expect(top.map((d) => d.domain).sort()).toEqual(['example.com', 'notexample.com']);
    for (const domain of top) {
      expect(views.filter((v) => citesDomain(v, domain.domain)).length, domain.domain).toBe(
        domain.answers,
      );
    }
  });
});

describe('the citation-category filter', () => {
  it('keeps answers citing a site of that category and ignores retrieved-only sources', () => {
    const answer = view('Reviews say so.', {
      citations: [cite('https://www.g2.com/x'), cite('https://www.reddit.com/r/x', false)],
    });
    expect(citesCategory(answer, 'review_comparison')).toBe(true);
    expect(citesCategory(answer, 'forum_community')).toBe(false);
    expect(citesCategory(answer, 'own')).toBe(false);
  });
});

describe('the filters together', () => {
  it('combine: an answer passes only when every given filter keeps it', () => {
    const answer = view('Globex Insights, says G2.', { citations: [cite('https://www.g2.com/x')] });
    expect(answerMatches(answer, {})).toBe(true);
    expect(
      answerMatches(answer, {
        family: 'openai',
        entity: 'globex insights',
        cited_domain: 'g2.com',
        citation_category: 'review_comparison',
      }),
    ).toBe(true);
    expect(answerMatches(answer, { entity: 'Globex Insights', family: 'google' })).toBe(false);
    expect(answerMatches(answer, { entity: 'Globex Insights', cited_domain: 'g3.com' })).toBe(
      false,
    );
    expect(answerMatches(answer, { citation_category: 'news_media' })).toBe(false);
    expect(answerMatches(answer, { mentioned: true, entity: 'Initech' })).toBe(false);
  });
});

describe('the query schema of the drill-down filters', () => {
  const parse = (query: Record<string, string>) => ListAnswersQuerySchema.safeParse(query);

  it('accepts a host name, lower-cased without its final dot, and a known category', () => {
    const parsed = parse({ cited_domain: 'Docs.Example.COM.', citation_category: 'other' });
    expect(parsed.success && parsed.data.cited_domain).toBe('docs.example.com');
    expect(parsed.success && parsed.data.citation_category).toBe('other');
    expect(parse({ entity: ' Globex Insights ' }).data?.entity).toBe('Globex Insights');
  });

  it('refuses an unknown category, a URL or an over-long value as a domain, and an empty name', () => {
    const bad: Record<string, string>[] = [
      { citation_category: 'blogs' },
      { cited_domain: 'https://example.com/' },
      { cited_domain: 'exa mple.com' },
      { cited_domain: `${'a'.repeat(60)}.`.repeat(5) },
      { cited_domain: '' },
      { entity: '' },
      { entity: 'x'.repeat(201) },
    ];
    for (const query of bad) {
      expect(parse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
