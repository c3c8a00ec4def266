import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { KeyPrincipal } from '#shared/domain/accounts/principal';
import { PAGE_ENTRIES } from '#shared/domain/agent-logs/aggregate';
import { domainAgentReport, getAgentLog } from '#shared/domain/agent-logs/operations';
import { lastFetchesOf } from '#shared/domain/agent-logs/page-fetches';
import { processIngest } from '#shared/domain/agent-logs/process';
import { uploadAgentLog } from '#shared/domain/agent-logs/upload';
import { ANSWER_STATUS, type RawBody } from '#shared/domain/kernel/operation';
import { memoryAgentLogs } from '#test/support/agent-log-store';
import { fixedClock } from '#test/support/clock';

/**
 * Upload and processing over the store port (docs/agent-logs.md): the same log twice is one
 * upload, every line counts once even when a step dies part-way and runs again, and nothing of a
 * line (no address, no text) reaches the store.
 */
const DOMAIN = 'shop.example';
const clock = fixedClock('2026-11-28T12:00:00Z');
const principal: KeyPrincipal = {
  kind: 'key',
  keyId: 'k1',
  plugin: false,
  accountId: 'owner-1',
  memberId: 'owner-1',
  role: 'owner',
  email: 'a@example.com',
  scopes: new Set(['scans:read', 'scans:write']),
};
const request = { id: 'r1', baseUrl: 'http://x', sourceIp: '127.0.0.1', links: {} as never };

const UA = {
  gptbot: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  searchbot: 'Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)',
  meta: 'meta-externalagent/1.1',
  person: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
};

function line(address: string, day: number, path: string, status: number, agent: string): string {
  return `${address} - - [${String(day).padStart(2, '0')}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${agent}"`;
}

const LOG = [
  line('20.171.206.9', 20, '/', 200, UA.gptbot),
  line('20.171.206.9', 21, '/pricing', 200, UA.gptbot),
  line('203.0.113.7', 21, '/pricing', 200, UA.gptbot),
  line('20.42.10.180', 21, '/docs', 403, UA.searchbot),
  line('198.51.100.4', 21, '/docs', 403, UA.searchbot),
  line('203.0.113.8', 22, '/blog', 200, UA.meta),
  line('192.0.2.1', 22, '/', 200, UA.person),
  '',
  'not a log line',
].join('\n');

const text = (body: string): RawBody => ({
  bytes: Buffer.from(body),
  contentType: 'text/plain',
  contentEncoding: '',
});

function upload(logs: ReturnType<typeof memoryAgentLogs>, body: RawBody) {
  return uploadAgentLog(
    { params: { domain: DOMAIN }, query: { format: 'auto' }, body, principal, request },
    logs.deps,
  );
}

async function processAll(logs: ReturnType<typeof memoryAgentLogs>) {
  while (logs.queued.length > 0) {
    const ref = logs.queued.shift();
    if (ref) await processIngest(ref, logs.deps, { lastAttempt: false });
  }
}

const facts = {
  robots: {
    kind: 'file' as const,
    text: 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n',
  },
  sitemapPaths: ['/', '/pricing', '/docs', '/blog'],
};

describe('uploading and processing a log', () => {
  it('counts each agent, labels its hits and keeps no address or line', async () => {
    const logs = memoryAgentLogs({ clock, scanned: [DOMAIN], facts });
    const answer = await upload(logs, text(LOG));
    expect(answer[ANSWER_STATUS]).toBeUndefined();
    expect(answer.ingest).toMatchObject({ domain: DOMAIN, status: 'queued', format: 'combined' });
    await processAll(logs);
    const { ingest } = await getAgentLog(
      {
        params: { domain: DOMAIN, id: answer.ingest.id },
        query: undefined,
        body: undefined,
        principal,
        request,
      },
      logs.deps,
    );
    expect(ingest).toMatchObject({ status: 'done', lines: 8, parsed: 7, skipped: 1 });
    expect(ingest.skipped_reasons).toEqual([{ line: 9, reason: 'not a combined log line' }]);
    expect(ingest.agents).toEqual(['GPTBot', 'Meta-ExternalAgent', 'OAI-SearchBot']);
    expect(logs.bodies.size).toBe(0);
    const stored = JSON.stringify([...logs.pages.values()]);
    for (const secret of ['20.171.206.9', '203.0.113.7', '198.51.100.4', 'Firefox', 'not a log']) {
      expect(stored).not.toContain(secret);
    }
    const report = await domainAgentReport(
      {
        params: { domain: DOMAIN },
        query: { from: '2026-11-01', to: '2026-11-28' },
        body: undefined,
        principal,
        request,
      },
      logs.deps,
    );
    const gptbot = report.agents.find((row) => row.agent === 'GPTBot');
    expect(gptbot).toMatchObject({ hits: 3, verified_hits: 2, spoofed_hits: 1, unique_paths: 2 });
    expect(report.agents.find((row) => row.agent === 'Meta-ExternalAgent')).toMatchObject({
      hits: 1,
      verified_hits: 0,
      spoofed_hits: 0,
    });
    // A verified OAI-SearchBot was refused /docs (not fetched: a conflict), and only an
    // unverifiable agent got /blog.
    expect(report.never_fetched).toEqual(['/docs', '/blog']);
    expect(report.conflicts).toEqual([
      {
        agent: 'OAI-SearchBot',
        path: '/docs',
        status: 403,
        robots: expect.stringContaining('allowed'),
      },
    ]);
  });

  it('answers the same log again, gzip-compressed, with the upload it made (200), counted once', async () => {
    const logs = memoryAgentLogs({ clock, scanned: [DOMAIN], facts });
    const first = await upload(logs, text(LOG));
    await processAll(logs);
    const again = await upload(logs, {
      bytes: gzipSync(LOG),
      contentType: 'application/gzip',
      contentEncoding: '',
    });
    expect(again[ANSWER_STATUS]).toBe(200);
    expect(again.ingest).toMatchObject({ id: first.ingest.id, status: 'done' });
    expect(logs.ingests.size).toBe(1);
    expect(logs.queued).toEqual([]);
    expect(logs.bodies.size).toBe(0);
  });
});

describe('a processing step that dies part-way', () => {
  /** A log of two days whose agent fetched more paths than one page holds. */
  function bigLog(): string {
    const lines: string[] = [];
    for (let index = 0; index < PAGE_ENTRIES + 500; index += 1) {
      lines.push(line('20.171.206.9', 20 + (index % 2), `/p/${index}`, 200, UA.gptbot));
    }
    return lines.join('\n');
  }

  it('counts every line exactly once when it runs again', async () => {
    const logs = memoryAgentLogs({ clock, scanned: [DOMAIN], facts });
    await upload(logs, text(bigLog()));
    const ref = logs.queued.shift();
    if (!ref) throw new Error('nothing queued');
    // The first try dies after its first page write: the store keeps what it wrote.
    logs.beforePageWrite = (index) => {
      if (index === 1) throw new Error('the process died');
    };
    await expect(processIngest(ref, logs.deps, { lastAttempt: false })).rejects.toThrow(
      'the process died',
    );
    expect(logs.pages.size).toBe(1);
    const query = { from: '2026-11-01', to: '2026-11-28' };
    const input = { params: { domain: DOMAIN }, query, body: undefined, principal, request };
    // Half an upload is never read.
    expect((await domainAgentReport(input, logs.deps)).agents).toEqual([]);
    logs.beforePageWrite = () => undefined;
    await processIngest(ref, logs.deps, { lastAttempt: false });
    const report = await domainAgentReport(input, logs.deps);
    expect(report.agents[0]).toMatchObject({
      agent: 'GPTBot',
      hits: PAGE_ENTRIES + 500,
      verified_hits: PAGE_ENTRIES + 500,
      unique_paths: PAGE_ENTRIES + 500,
    });
    // A delivery after the upload is done adds nothing.
    await processIngest(ref, logs.deps, { lastAttempt: false });
    expect((await domainAgentReport(input, logs.deps)).agents[0]?.hits).toBe(PAGE_ENTRIES + 500);
  });

  it('marks the upload failed on the last attempt, and when its body is gone', async () => {
    const logs = memoryAgentLogs({ clock, scanned: [DOMAIN], facts });
    const { ingest } = await upload(logs, text(LOG));
    const ref = logs.queued.shift();
    if (!ref) throw new Error('nothing queued');
    logs.bodies.clear();
    // No retry can bring a body back: failed at once, and the message is not retried.
    await processIngest(ref, logs.deps, { lastAttempt: false });
    expect(logs.ingests.get(`owner-1|${DOMAIN}|${ingest.id}`)).toMatchObject({
      status: 'failed',
      error: 'the body is gone',
    });
    const second = await upload(logs, text(LOG.replace('not a log', 'not a log either')));
    const next = logs.queued.shift();
    if (!next) throw new Error('nothing queued');
    logs.beforePageWrite = () => {
      throw new Error('the store is down');
    };
    await expect(processIngest(next, logs.deps, { lastAttempt: true })).rejects.toThrow(
      'the store is down',
    );
    expect(logs.ingests.get(`owner-1|${DOMAIN}|${second.ingest.id}`)).toMatchObject({
      status: 'failed',
      error: 'Processing failed repeatedly; upload the log again.',
    });
    // Sent again, a failed upload is taken up afresh (202) and then counts once.
    logs.beforePageWrite = () => undefined;
    const again = await upload(logs, text(LOG.replace('not a log', 'not a log either')));
    expect(again[ANSWER_STATUS]).toBeUndefined();
    expect(again.ingest).toMatchObject({ id: second.ingest.id, status: 'queued' });
    await processAll(logs);
    expect(logs.ingests.get(`owner-1|${DOMAIN}|${second.ingest.id}`)).toMatchObject({
      status: 'done',
      parsed: 7,
    });
  });
});

describe("the case page's last fetches", () => {
  it("reads each page under its host, falls back to the case domain, skips refused fetches and reads only the owner's logs", async () => {
    const logs = memoryAgentLogs({ clock, scanned: [DOMAIN], facts });
    await upload(logs, text(LOG));
    await processAll(logs);
    const fetched = await lastFetchesOf(
      logs.deps,
      'owner-1',
      [
        `https://www.${DOMAIN}/pricing?ref=answer`,
        `https://docs.${DOMAIN}/`,
        `https://docs.${DOMAIN}/docs`,
        `https://www.${DOMAIN}/blog`,
        'not a url',
      ],
      DOMAIN,
    );
    const day = (d: number) => Date.parse(`2026-11-${d}T10:00:00Z`) / 1000;
    expect(Object.fromEntries(fetched)).toEqual({
      // www. is the domain as scans key it; the query is not part of the path.
      [`https://www.${DOMAIN}/pricing?ref=answer`]: { openai: day(21) },
      // docs.shop.example has no upload: the case domain's logs answer.
      [`https://docs.${DOMAIN}/`]: { openai: day(20) },
    });
    // /docs was refused (403) and /blog fetched by Meta's agent, of no monitored family.
    expect(await lastFetchesOf(logs.deps, 'owner-2', [`https://${DOMAIN}/`], DOMAIN)).toEqual(
      new Map(),
    );
  });
});
