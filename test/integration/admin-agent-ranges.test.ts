import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_RANGES_FILE } from '#local/admin/agent-commands';
import { runAdmin } from '#local/admin/main';
import { type RangesDataset, RangesDatasetSchema } from '#shared/domain/agents/ranges';

/**
 * `npm run --silent admin -- refresh-agent-ranges` against a loopback fixture that serves the
 * operators' lists in their published shape (never a real host: OFFLINE_DNS=1): the lists it can
 * read replace their entries, dated by their creation time; the ones it cannot keep theirs; with
 * no list readable nothing is written.
 */
let server: Server;
let base: string;
let folder: string;
const requested: string[] = [];

const LISTS: Record<string, unknown> = {
  '/openai.com/gptbot.json': {
    creationTime: '2026-11-20T09:00:00.000000',
    prefixes: [
      { ipv4Prefix: '192.0.2.0/25' },
      { ipv6Prefix: '2001:db8:1::/48' },
      { ipv4Prefix: 'junk' },
    ],
  },
  '/www.bing.com/toolbox/bingbot.json': {
    creationTime: '2026-11-25T10:00:00Z',
    prefixes: [{ ipv4Prefix: '198.51.100.0/24' }],
  },
  // An empty list never replaces a known one.
  '/www.perplexity.ai/perplexitybot.json': { creationTime: '2026-11-21', prefixes: [] },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const list = LISTS[request.url ?? ''];
    if (request.url === '/openai.com/searchbot.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      return;
    }
    if (!list) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  folder = mkdtempSync(join(tmpdir(), 'agent-ranges-'));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

async function refresh(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(
    ['refresh-agent-ranges', ...args],
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    },
    { OFFLINE_DNS: '1', ALLOW_PRIVATE_TARGETS: '1', LOG_LEVEL: 'SILENT' },
  );
  return { code, stdout, stderr };
}

const read = (file: string): RangesDataset =>
  RangesDatasetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

describe('refresh-agent-ranges', () => {
  it('replaces the lists it can read, dated by their creation time, and keeps the others', async () => {
    const file = join(folder, 'ranges.json');
    copyFileSync(BUNDLED_RANGES_FILE, file);
    const before = read(file);
    const { code, stdout } = await refresh('--file', file, '--source-base', base);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as { refreshed: string[]; failed: { source: string }[] };
    expect(printed.refreshed.sort()).toEqual(['microsoft-bingbot', 'openai-gptbot']);
    expect(printed.failed.map((entry) => entry.source)).toEqual(
      expect.arrayContaining(['openai-searchbot', 'perplexity-perplexitybot', 'apple-applebot']),
    );
    const after = read(file);
    expect(after.sources['openai-gptbot']).toMatchObject({
      url: 'https://openai.com/gptbot.json',
      as_of: '2026-11-20',
      prefixes: ['192.0.2.0/25', '2001:db8:1::/48'],
    });
    expect(after.sources['microsoft-bingbot']?.as_of).toBe('2026-11-25');
    expect(after.sources['openai-searchbot']).toEqual(before.sources['openai-searchbot']);
    expect(after.sources['perplexity-perplexitybot']).toEqual(
      before.sources['perplexity-perplexitybot'],
    );
    // Every list was asked for at its own path under the fixture, and nowhere else.
    expect(requested).toEqual(
      expect.arrayContaining(['/openai.com/gptbot.json', '/index.commoncrawl.org/ccbot.json']),
    );
  });

  it('writes nothing and exits 2 when no list can be read (offline)', async () => {
    const file = join(folder, 'offline.json');
    copyFileSync(BUNDLED_RANGES_FILE, file);
    const before = readFileSync(file, 'utf8');
    const { code, stderr } = await refresh('--file', file);
    expect(code).toBe(2);
    expect(stderr).toMatch(/No list could be read/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
