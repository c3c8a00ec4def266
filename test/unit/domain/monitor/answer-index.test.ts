import { describe, expect, it } from 'vitest';
import { answerMatches, facetsMatch } from '#shared/domain/monitor/answer-filters';
import { answerViewsOf, indexOfViews, openAnswers } from '#shared/domain/monitor/answer-index';
import type {
  AnswerIndex,
  CellKey,
  RunData,
  StoredAnswer,
  StoredJudgement,
  StoredRun,
} from '#shared/domain/monitor/ports';
import { cellKeyString } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { cite, PROFILE, record } from './builders.ts';

/**
 * The answer index (issue 25, point 1): a page of a finished run filters the stored index and
 * measures only its own answers; what it shows is what measuring the whole run would show.
 */
const TEXTS = [
  'Acme Analytics is a solid choice for funnels.',
  'Globex Insights and Initech are popular; see https://globex.example/pricing.',
  'Nothing relevant here.',
];

function answer(family: ProviderFamily, n: number): StoredAnswer {
  const cell = `A-0${n}-en-r1`;
  return {
    status: 'ok',
    key: { family, mode: 'online', cell_id: cell },
    record: record(TEXTS[n % 3] ?? '', {
      family,
      id: cell,
      prompt_id: `A-0${n}`,
      citations: n % 2 ? [cite('https://globex.example/pricing')] : [],
    }),
    answered_at: 'now',
  };
}

function judgement(family: ProviderFamily, n: number): StoredJudgement {
  return {
    status: 'ok',
    key: { family, mode: 'online', cell_id: `A-0${n}-en-r1` },
    judge_family: 'anthropic',
    judge_model: 'judge',
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    latency_ms: 1,
    raw_text: JSON.stringify({
      entities: [
        {
          name: 'Acme Analytics',
          mentioned: false,
          evidence_quote: null,
        },
      ],
    }),
    judged_at: 'now',
  };
}

const DATA: RunData = {
  answers: [
    ...[1, 2, 3, 4].map((n) => answer('openai', n)),
    ...[1, 2, 3].map((n) => answer('google', n)),
    {
      status: 'failed',
      key: { family: 'google', mode: 'online', cell_id: 'x' },
      error: 'e',
      answered_at: 'now',
    },
  ],
  judgements: [judgement('openai', 4)],
  families: [],
};

const RUN = { id: 'run-1', owner_id: 'owner', profile: PROFILE } as unknown as StoredRun;

function store(index: AnswerIndex | undefined) {
  const read: CellKey[][] = [];
  return {
    read,
    data: {
      loadAnswerIndex: async () => index,
      loadRunData: async () => DATA,
      loadCells: async (_run: unknown, keys: readonly CellKey[]) => {
        read.push([...keys]);
        const wanted = new Set(keys.map(cellKeyString));
        return {
          answers: DATA.answers.filter((a) => wanted.has(cellKeyString(a.key))),
          judgements: DATA.judgements.filter((j) => wanted.has(cellKeyString(j.key))),
        };
      },
    },
  };
}

describe('the answer index', () => {
  const views = answerViewsOf(PROFILE, DATA);
  const index = indexOfViews(views);

  it('holds every ok answer in id order, with each prompt’s text', () => {
    expect(index.entries.map((e) => e.id)).toEqual(views.map((v) => v.id));
    expect(index.entries).toHaveLength(7);
    expect(index.prompts['A-01']).toBe('Which product analytics tools suit small SaaS teams?');
    expect(index.entries.find((e) => e.id === 'openai.online.A-04-en-r1')).toMatchObject({
      cell_id: 'A-04-en-r1',
      mentioned: false,
    });
  });

  it('leaves the canaries out: they are the service’s control questions, not the case’s', () => {
    const canary: StoredAnswer = {
      ...answer('openai', 1),
      key: { family: 'openai', mode: 'online', cell_id: 'canary-1-r1' },
    };
    const withCanary = { ...DATA, answers: [...DATA.answers, canary] };
    expect(answerViewsOf(PROFILE, withCanary).map((v) => v.id)).toEqual(views.map((v) => v.id));
  });

  it('reads and measures only the chosen answers, and shows what the whole run would', async () => {
    const indexed = store(index);
    const opened = await openAnswers(RUN, indexed.data);
    const chosen = opened.index.entries.filter((e) => facetsMatch(e, { family: 'openai' }));
    const shown = await opened.views(chosen.slice(0, 2));
    expect(indexed.read).toEqual([
      chosen.slice(0, 2).map((e) => ({ family: e.family, mode: e.mode, cell_id: e.cell_id })),
    ]);
    const measuredWhole = await openAnswers(RUN, store(undefined).data);
    expect(measuredWhole.index).toEqual(index);
    expect(await measuredWhole.views(chosen.slice(0, 2))).toEqual(shown);
    expect(shown.map((v) => v.id)).toEqual(chosen.slice(0, 2).map((e) => e.id));
  });

  it('filters the facets exactly as the views: cited domain, entity, brand named', () => {
    for (const filters of [
      { cited_domain: 'globex.example' },
      { entity: 'globex insights' },
      { mentioned: true },
      { mentioned: false },
      { citation_category: 'competitor' as const },
    ]) {
      const byIndex = index.entries.filter((e) => facetsMatch(e, filters)).map((e) => e.id);
      const byViews = views.filter((v) => answerMatches(v, filters)).map((v) => v.id);
      expect(byIndex, JSON.stringify(filters)).toEqual(byViews);
    }
    expect(
      index.entries.filter((e) => facetsMatch(e, { cited_domain: 'globex.example' })),
    ).not.toHaveLength(0);
  });
});
