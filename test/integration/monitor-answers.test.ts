import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CSV_COLUMNS } from '#shared/domain/monitor/answer-view';
import { expectDocumented } from '#test/support/documented';
import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson, type TestStack } from '#test/support/stack';

/**
 * One run and its answers through the local front (docs/monitor.md "Answers"): reading a run
 * with its summary, listing answers page by page and filtered, both exports, deleting the
 * stored answers, and the tenancy rules of the case routes. The simulator answers every call.
 */
let stack: TestStack;
let openapi: Record<string, unknown>;
let owner: string;
let reader: string;
let other: string;
let admin: string;
let caseId: string;
let runId: string;

const ADMIN = 'ops-answers@example.com';
const OWNER = 'owner-answers@example.com';
/** Every prompt cell asked of 4 families in 2 modes: the run summary's `answers_total`. */
let ANSWERS = 0;

beforeAll(async () => {
  ({ stack, openapi, owner, reader, other, admin } = await startMonitorTestStack({
    seed: 'monitor-answers',
    ownerEmail: OWNER,
    adminEmail: ADMIN,
  }));
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key: owner,
    body: {
      name: 'Acme Analytics',
      domain: 'acme-analytics.example',
      category: 'product analytics',
      competitors: [{ name: 'Globex Insights', domain: 'globex.example' }, 'Initech'],
      use_cases: ['funnel analysis'],
      fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
    },
  });
  caseId = (created.body.case as { id: string }).id;
});

afterAll(async () => {
  await stack?.close();
});

const RUN = '/api/v1/cases/{id}/runs/{run_id}';
const ANSWERS_PATH = `${RUN}/answers`;
const runPath = () => `/api/v1/cases/${caseId}/runs/${runId}`;

type Answer = Record<string, unknown> & {
  id: string;
  family: string;
  mode: string;
  block: string;
  prompt_id: string;
  branded: boolean;
  mentions: Array<{
    name: string;
    role: string;
    counted: boolean;
    in_prompt: boolean;
    judge: string;
    evidence_quote: string | null;
  }>;
  sources: Array<{ url: string; cited: boolean; category: string; domain: string }>;
};

interface DrillSummary {
  share_of_answer: Array<{ name: string; judge_mentions: number; is_self: boolean }>;
  top_cited_domains: Array<{ domain: string; answers: number; citations: number }>;
  citation_categories: Array<{ category: string; citations: number }>;
}

async function allPages(
  query: string,
  limit: number,
): Promise<{ answers: Answer[]; pages: number }> {
  const answers: Answer[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await callJson(
      stack.baseUrl,
      `${runPath()}/answers?limit=${limit}${query}${after}`,
      { key: reader },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectDocumented(openapi, response, ANSWERS_PATH, 'get');
    answers.push(...(response.body.answers as Answer[]));
    cursor = response.body.next_cursor as string | null;
    pages += 1;
  } while (cursor !== null && pages < 50);
  return { answers, pages };
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('one run', () => {
  it('reads a run in progress with a null summary, then the finished run with its summary', async () => {
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key: owner,
    });
    runId = (started.body.run as { id: string }).id;
    const early = await callJson(stack.baseUrl, runPath(), { key: reader });
    expect(early.status).toBe(200);
    expectDocumented(openapi, early, RUN, 'get');
    expect(['queued', 'running']).toContain((early.body.run as { status: string }).status);
    expect(early.body.summary).toBeNull();

    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
    const done = await callJson(stack.baseUrl, runPath(), { key: reader });
    expect(done.status).toBe(200);
    expectDocumented(openapi, done, RUN, 'get');
    expect(done.body.run).toMatchObject({ id: runId, status: 'done' });
    const latest = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, {
      key: reader,
    });
    expect(done.body.summary).toEqual(latest.body.summary);
    ANSWERS = (done.body.summary as { sources_meta: { answers_total: number } }).sources_meta
      .answers_total;
    expect(ANSWERS).toBeGreaterThan(40);
    const summary = done.body.summary as Record<string, unknown> & {
      delta: { model_changes: unknown[] };
      top_search_queries: Array<{ query: string; answers: number; families: string[] }>;
      citation_categories: Array<{ category: string; citations: number; share: number }>;
      served_models: Record<string, string[]>;
    };
    // Every family searched in online mode and reported its queries in its own wire format.
    const families = new Set(summary.top_search_queries.flatMap((q) => q.families));
    expect([...families].sort()).toEqual(['anthropic', 'google', 'openai', 'perplexity']);
    expect(summary.citation_categories.map((c) => c.category)).toContain('own');
    const shares = summary.citation_categories.reduce((sum, c) => sum + c.share, 0);
    expect(shares).toBeCloseTo(1, 2);
    expect(Object.keys(summary.served_models).sort()).toEqual([
      'anthropic',
      'google',
      'openai',
      'perplexity',
    ]);
    expect(summary.delta.model_changes).toEqual([]);
  });

  it('answers 404 for another account, an unknown run and a run read through another case', async () => {
    expect((await callJson(stack.baseUrl, runPath(), { key: other })).status).toBe(404);
    const answers = await callJson(stack.baseUrl, `${runPath()}/answers`, { key: other });
    expect(answers.status).toBe(404);
    expect(answers.body.error?.code).toBe('not_found');
    const deleting = await callJson(stack.baseUrl, `${runPath()}/answers`, {
      method: 'DELETE',
      key: other,
    });
    expect(deleting.status).toBe(404);
    const unknown = `/api/v1/cases/${caseId}/runs/${crypto.randomUUID()}`;
    expect((await callJson(stack.baseUrl, unknown, { key: owner })).status).toBe(404);
    const otherCase = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key: owner,
      body: { name: 'Second Brand', domain: 'second.example', category: 'tools' },
    });
    const secondId = (otherCase.body.case as { id: string }).id;
    const crossed = `/api/v1/cases/${secondId}/runs/${runId}`;
    expect((await callJson(stack.baseUrl, crossed, { key: owner })).status).toBe(404);
    // A monitor:admin key reads any tenant's run.
    expect((await callJson(stack.baseUrl, runPath(), { key: admin })).status).toBe(200);
  });

  it('reads the same case and run when the path spells their ids in capitals', async () => {
    const upper = `/api/v1/cases/${caseId.toUpperCase()}/runs/${runId.toUpperCase()}`;
    for (const key of [owner, admin]) {
      const read = await callJson(stack.baseUrl, upper, { key });
      expect(read.status).toBe(200);
      expect(read.body.run).toMatchObject({ id: runId });
    }
    const summary = await callJson(stack.baseUrl, `/api/v1/cases/${caseId.toUpperCase()}/summary`, {
      key: owner,
    });
    expect(summary.body.case).toMatchObject({ id: caseId });
  });
});

describe('answers', () => {
  it('pages through every answer with each documented field, in a stable order', async () => {
    const { answers, pages } = await allPages('', 40);
    expect(pages).toBe(Math.ceil(ANSWERS / 40));
    expect(answers).toHaveLength(ANSWERS);
    const ids = answers.map((a) => a.id);
    expect(new Set(ids).size).toBe(ANSWERS);
    expect([...ids].sort()).toEqual(ids);
    for (const answer of answers) {
      expect(Object.keys(answer).sort()).toEqual(
        [
          'id',
          'prompt_id',
          'block',
          'language',
          'prompt',
          'family',
          'model',
          'mode',
          'repeat',
          'branded',
          'text',
          'mentions',
          'sentiment',
          'facts',
          'sources',
          'search_queries',
          'tokens',
        ].sort(),
      );
      expect(answer.mentions.map((m) => m.role)).toEqual(['brand', 'competitor', 'competitor']);
      for (const mention of answer.mentions.filter((m) => m.evidence_quote !== null)) {
        expect(answer.text).toContain(mention.evidence_quote);
      }
    }
    const online = answers.filter((a) => a.mode === 'online');
    expect(online.some((a) => a.sources.some((s) => s.cited))).toBe(true);
    const searched = (a: Answer) => (a.search_queries as string[]).length > 0;
    expect(online.filter(searched).length).toBeGreaterThan(online.length / 2);
    expect(answers.filter((a) => a.mode === 'raw').some(searched)).toBe(false);
    expect(answers.filter((a) => a.mode === 'raw').every((a) => a.sources.length === 0)).toBe(true);
    expect(answers.some((a) => (a.facts as unknown[]).length > 0)).toBe(true);
  });

  it('filters by family, mode, block, prompt and whether the brand is named', async () => {
    const { answers } = await allPages('&family=openai&mode=online', 100);
    expect(answers).toHaveLength(ANSWERS / 8);
    expect(answers.every((a) => a.family === 'openai' && a.mode === 'online')).toBe(true);
    const all = await allPages('', 100);
    const block = await allPages('&block=B', 100);
    expect(block.answers).toEqual(all.answers.filter((a) => a.block === 'B'));
    expect(block.answers.length).toBeGreaterThan(0);
    expect(block.answers.every((a) => a.block === 'B')).toBe(true);
    const prompt = await allPages('&prompt_id=A-01', 100);
    expect(prompt.answers).toHaveLength(8);
    const named = await allPages('&mentioned=true', 100);
    const unnamed = await allPages('&mentioned=false', 100);
    expect(named.answers.length + unnamed.answers.length).toBe(ANSWERS);
    expect(named.answers.length).toBeGreaterThan(0);
    for (const answer of named.answers) {
      expect(answer.mentions.find((m) => m.role === 'brand')?.counted).toBe(true);
    }
  });

  it('opens a share-of-answer bar: entity keeps exactly the answers behind judge_mentions', async () => {
    const all = (await allPages('', 100)).answers;
    const run = await callJson(stack.baseUrl, runPath(), { key: reader });
    const summary = run.body.summary as DrillSummary;
    // Counted in the share: unbranded prompt, the name's mention counted, not echoing the prompt.
    const counts = (name: string) => (a: Answer) =>
      !a.branded && a.mentions.some((m) => m.name === name && m.counted && !m.in_prompt);
    const competitors = summary.share_of_answer.filter((e) => !e.is_self);
    expect(competitors.some((e) => e.judge_mentions > 0)).toBe(true);
    // The branded answers name the brand too, so the share is not every answer naming it.
    expect(
      all.some((a) => a.branded && a.mentions.some((m) => m.role === 'brand' && m.counted)),
    ).toBe(true);
    for (const entry of summary.share_of_answer) {
      const { answers } = await allPages(
        `&entity=${encodeURIComponent(entry.name.toUpperCase())}`,
        100,
      );
      expect(answers, entry.name).toHaveLength(entry.judge_mentions);
      expect(answers).toEqual(all.filter(counts(entry.name)));
    }
    // With pagination and another filter, the same selection.
    const name = competitors.find((e) => e.judge_mentions > 0)?.name ?? '';
    const paged = await allPages(`&entity=${encodeURIComponent(name)}`, 3);
    expect(paged.pages).toBeGreaterThan(1);
    expect(paged.answers).toEqual(all.filter(counts(name)));
    const online = await allPages(`&entity=${encodeURIComponent(name)}&mode=online`, 100);
    expect(online.answers).toEqual(all.filter((a) => counts(name)(a) && a.mode === 'online'));
  });

  it('opens a cited-domain bar and a category bar: the answers citing them, as the summary counted', async () => {
    const all = (await allPages('', 100)).answers;
    const run = await callJson(stack.baseUrl, runPath(), { key: reader });
    const summary = run.body.summary as DrillSummary;
    const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
    expect(summary.top_cited_domains.length).toBeGreaterThan(0);
    for (const domain of summary.top_cited_domains) {
      const { answers } = await allPages(`&cited_domain=${domain.domain}`, 100);
      expect(answers, domain.domain).toHaveLength(domain.answers);
      expect(answers).toEqual(
        all.filter((a) => a.sources.some((s) => s.cited && within(s.domain, domain.domain))),
      );
    }
    const categories = summary.citation_categories.filter((c) => c.citations > 0);
    expect(categories.length).toBeGreaterThan(1);
    for (const entry of categories) {
      const { answers } = await allPages(`&citation_category=${entry.category}`, 100);
      expect(answers).toEqual(
        all.filter((a) => a.sources.some((s) => s.cited && s.category === entry.category)),
      );
      // The bar's numerator: distinct cited URLs of that category, per answer.
      const cited = answers.map(
        (a) =>
          new Set(
            a.sources.filter((s) => s.cited && s.category === entry.category).map((s) => s.url),
          ).size,
      );
      expect(
        cited.reduce((sum, n) => sum + n, 0),
        entry.category,
      ).toBe(entry.citations);
    }
    // The export applies the same filters.
    const category = categories[0]?.category ?? '';
    const csv = await fetch(
      `${stack.baseUrl}${runPath()}/answers?format=csv&citation_category=${category}`,
      { headers: { authorization: `Bearer ${reader}` } },
    );
    const rows = parseCsv(await csv.text());
    const listed = await allPages(`&citation_category=${category}`, 100);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.answers.map((a) => a.id));
  });

  it('answers 400 for a bad limit, a bad filter and a cursor it did not issue', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'family=bing',
      'mentioned=yes',
      'format=xml',
      'citation_category=blogs',
      'cited_domain=https%3A%2F%2Fexample.com%2F',
      `entity=${'x'.repeat(201)}`,
    ]) {
      const response = await callJson(stack.baseUrl, `${runPath()}/answers?${query}`, {
        key: reader,
      });
      expect(response.status, query).toBe(400);
      expect(response.body.error?.code).toBe('invalid_request');
    }
    const forged = await callJson(stack.baseUrl, `${runPath()}/answers?cursor=not-a-cursor`, {
      key: reader,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error?.code).toBe('invalid_cursor');
  });

  it('exports the same rows as CSV with the documented columns and as JSON Lines', async () => {
    const { answers } = await allPages('', 100);
    const csv = await fetch(`${stack.baseUrl}${runPath()}/answers?format=csv`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual([...ANSWER_CSV_COLUMNS]);
    expect(rows).toHaveLength(ANSWERS + 1);
    const textColumn = ANSWER_CSV_COLUMNS.indexOf('text');
    expect(rows.slice(1).map((row) => row[0])).toEqual(answers.map((a) => a.id));
    expect(rows[1]?.[textColumn]).toBe(answers[0]?.text);

    const jsonl = await fetch(`${stack.baseUrl}${runPath()}/answers?format=jsonl&family=google`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await jsonl.text()).split('\n').filter((line) => line !== '');
    expect(lines.map((line) => JSON.parse(line))).toEqual(
      answers.filter((a) => a.family === 'google'),
    );
  });

  it('lists the untracked brands the judge found, and one PATCH makes one a competitor', async () => {
    const { answers } = await allPages('', 100);
    const run = await callJson(stack.baseUrl, runPath(), { key: reader });
    const discovered = (run.body.summary as { discovered_brands: Array<Record<string, unknown>> })
      .discovered_brands;
    expect(discovered.length).toBeGreaterThan(0);
    const judged = answers.filter((a) => a.mentions.some((m) => m.judge !== 'not_judged'));
    for (const brand of discovered) {
      const name = brand.name as string;
      // The simulator's untracked companies, counted in exactly the judged answers naming them.
      expect(['Northwind Tools', 'Monday']).toContain(name);
      expect(brand.answers).toBe(judged.filter((a) => (a.text as string).includes(name)).length);
      expect(brand.share).toMatchObject({ n: judged.length });
    }
    const name = discovered[0]?.name as string;
    const patched = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, {
      method: 'PATCH',
      key: owner,
      body: { competitors: ['Globex Insights', 'Initech', name] },
    });
    expect(patched.status).toBe(200);
    expect((patched.body.case as { competitors: string[] }).competitors).toContain(name);
  });

  it('lets only the owner delete the stored answers, and the summary stays', async () => {
    const readOnly = await callJson(stack.baseUrl, `${runPath()}/answers`, {
      method: 'DELETE',
      key: reader,
    });
    expect(readOnly.status).toBe(403);
    const byAdmin = await callJson(stack.baseUrl, `${runPath()}/answers`, {
      method: 'DELETE',
      key: admin,
    });
    expect([403, 404]).toContain(byAdmin.status);

    const deleted = await callJson(stack.baseUrl, `${runPath()}/answers`, {
      method: 'DELETE',
      key: owner,
    });
    expect(deleted.status).toBe(200);
    expectDocumented(openapi, deleted, ANSWERS_PATH, 'delete');
    expect(deleted.body.deleted).toBe(ANSWERS);
    const after = await callJson(stack.baseUrl, `${runPath()}/answers`, { key: owner });
    expect(after.body).toMatchObject({ answers: [], next_cursor: null });
    const run = await callJson(stack.baseUrl, runPath(), { key: owner });
    expect(run.body.summary).not.toBeNull();
    const again = await callJson(stack.baseUrl, `${runPath()}/answers`, {
      method: 'DELETE',
      key: owner,
    });
    expect(again.body.deleted).toBe(0);
  });
});
