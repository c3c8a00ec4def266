import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcher } from '#shared/adapters/http/safe-fetch';
import { BadRequestError, OperationFailedError } from '#shared/domain/kernel/errors';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import { SCORING_VERSION } from '#shared/domain/scan-engine/types';
import {
  type FixtureSiteName,
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

function localFetcher(): SafeFetcher {
  const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });
  open.push(fetcher);
  return fetcher;
}

async function site(name: FixtureSiteName): Promise<RunningFixtureSite> {
  const running = await startFixtureSite(name);
  open.push(running);
  return running;
}

async function scan(running: RunningFixtureSite, deadlineMs?: number) {
  const target = parseScanTarget(running.url, { allowPrivateTargets: true });
  return runScan(target, {
    fetcher: localFetcher(),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  });
}

describe('runScan', () => {
  it('scores an agent-ready site far above a JavaScript-only SPA', async () => {
    const [good, poor] = await Promise.all([site('good'), site('poor')]);
    const [goodReport, poorReport] = await Promise.all([scan(good), scan(poor)]);

    expect(goodReport.score).toBeGreaterThanOrEqual(85);
    expect(poorReport.score).toBeLessThanOrEqual(30);
    expect(goodReport.score - poorReport.score).toBeGreaterThan(40);
  });

  it('reports nine checks in four pillars with scoring_version 2', async () => {
    const report = await scan(await site('good'));
    expect(report.scoring_version).toBe(SCORING_VERSION);
    expect(report.checks.map((check) => check.id)).toEqual([
      'crawler',
      'sitemap',
      'render',
      'llms',
      'markdown',
      'schema',
      'api',
      'agent',
      'entity',
    ]);
    expect(new Set(report.checks.map((check) => check.pillar))).toEqual(
      new Set(['R', 'E', 'A', 'D']),
    );
    expect(report.checks.reduce((sum, check) => sum + check.max, 0)).toBe(100);
    for (const check of report.checks) {
      expect(check.findings.length).toBeGreaterThan(0);
    }
  });

  it('fetches every URL and variant at most once, in few sequential waves', async () => {
    const good = await site('good');
    const report = await scan(good);

    const keys = good.requests.map(
      (request) => `${request.method} ${request.path} ${request.accept}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    const paths = good.requests
      .filter((request) => request.accept !== 'text/markdown')
      .map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(report.stats.duplicateFetches).toBe(0);
    expect(report.stats.waves).toBeLessThanOrEqual(3);
    expect(report.stats.requests).toBeLessThanOrEqual(35);
  });

  it('fails robots.txt 5xx as complete disallow while 404 stays allow-all', async () => {
    const [fiveHundred, fourOhFour] = await Promise.all([site('robots-5xx'), site('robots-404')]);
    const [a, b] = await Promise.all([scan(fiveHundred), scan(fourOhFour)]);
    const crawlerA = a.checks.find((check) => check.id === 'crawler');
    const crawlerB = b.checks.find((check) => check.id === 'crawler');
    expect(crawlerA?.state).toBe('bad');
    expect(crawlerB?.state).not.toBe('bad');
  });

  it('counts an llms.txt slower than its budget as missing, not unknown', async () => {
    // A 2 s deadline gives each document a 480 ms budget; llms.txt answers after 2 s.
    const report = await scan(await site('slow-llms'), 2_000);
    const llms = report.checks.find((check) => check.id === 'llms');
    // Only the llms-full.txt extra point remains.
    expect(llms).toMatchObject({ state: 'bad', score: 1, max: 8 });
    expect(llms?.findings[0]?.text).toContain('did not answer within 0.5 s');
    expect(report.score).toBeGreaterThan(60);
  });

  it('scans a homepage larger than the byte cap and says it was cut', async () => {
    const report = await scan(await site('oversized'));
    const render = report.checks.find((check) => check.id === 'render');
    expect(render?.findings.map((finding) => finding.text).join(' ')).toContain('3 MiB');
  });

  it('refuses with invalid_domain when the homepage redirects into a private address', async () => {
    const running = await site('redirect-to-private');
    const fetcher = createSafeFetcher({
      allowPrivateTargets: false,
      lookup: offlineLookup(),
      policyExceptions: { addresses: ['127.0.0.1'], ports: [Number(running.host.split(':')[1])] },
    });
    open.push(fetcher);
    const target = parseScanTarget(running.url, { allowPrivateTargets: true });

    const error = await runScan(target, { fetcher }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'invalid_domain' });
    expect((error as Error).message).toContain('private or reserved address');
  });

  it('refuses with invalid_domain a public-looking name that resolves to a private address', async () => {
    const fetcher = createSafeFetcher({
      allowPrivateTargets: false,
      lookup: offlineLookup({ 'rebind.example.com': '169.254.169.254' }),
    });
    open.push(fetcher);
    const target = parseScanTarget('rebind.example.com', { allowPrivateTargets: false });

    const error = await runScan(target, { fetcher }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'invalid_domain' });
    expect((error as Error).message).toBe(
      'rebind.example.com resolves to a private or reserved address; only public internet hosts can be scanned.',
    );
  });

  it('fails with scan_failed and the reason when nothing answers', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const target = parseScanTarget(`127.0.0.1:${port}`, { allowPrivateTargets: true });
    const error = await runScan(target, { fetcher: localFetcher() }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(OperationFailedError);
    expect((error as Error).message).toBe(
      `We could not reach 127.0.0.1:${port}: it refused the connection.`,
    );
    expect((error as OperationFailedError).details).toEqual({
      domain: `127.0.0.1:${port}`,
      reason: 'refused',
    });
  });

  it('fails with scan_failed when the host takes the connection and never answers', async () => {
    const held = new Set<import('node:net').Socket>();
    // Holds every connection open and never says a word.
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const target = parseScanTarget(`http://127.0.0.1:${port}`, { allowPrivateTargets: true });
      const error = await runScan(target, { fetcher: localFetcher(), deadlineMs: 1500 }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(OperationFailedError);
      expect((error as OperationFailedError).details).toMatchObject({ reason: 'timeout' });
      expect((error as Error).message).toBe(
        `We could not reach 127.0.0.1:${port}: it did not answer in time.`,
      );
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('fails with a DNS message for a name that does not resolve', async () => {
    const target = parseScanTarget('no-such-site.example', { allowPrivateTargets: false });
    const fetcher = createSafeFetcher({ allowPrivateTargets: false, lookup: offlineLookup() });
    open.push(fetcher);
    const error = await runScan(target, { fetcher }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      'We could not reach no-such-site.example: no such domain.',
    );
  });

  it('falls back from https to http when no scheme was given', async () => {
    const good = await site('good');
    const target = parseScanTarget(good.host, { allowPrivateTargets: true });
    const report = await runScan(target, { fetcher: localFetcher() });
    expect(report.domain).toBe(good.host);
    expect(report.score).toBeGreaterThanOrEqual(85);
  });
});
