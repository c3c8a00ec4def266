/**
 * A visitor's free daily scans through the local front (issue 36 points 1 and 2): a scan that
 * cannot reach its site (no such domain, a refused connection, a host that never answers)
 * answers `scan_failed` in words and costs nothing; concurrent scans never pass the quota; the
 * spent quota's refusal says how many are left (none) and when they come back; the home and
 * result pages say how many are left; and a visitor's scans from before sign-up join the account
 * they sign up for, never another browser's. Offline: names resolve to loopback only
 * (OFFLINE_DNS=1), `.invalid` names not at all.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardHttp, latestSignInLink } from '#test/browser/support/dashboard-http';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

const QUOTA = 4;
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let silent: Server;
const held = new Set<Socket>();

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const portOf = (server: Server) => {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
};

const anonymousScan = (domain: string) =>
  callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body: { domain } });

async function signUp(visitor: DashboardHttp, email: string): Promise<void> {
  await visitor.post('/dashboard/sign-in', { email });
  const token = new URL(latestSignInLink(email) ?? '').searchParams.get('token') ?? '';
  const used = await visitor.post('/dashboard/session', { token });
  expect(used.status).toBe(303);
}

beforeAll(async () => {
  silent = createServer((socket) => held.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  [stack, site] = await Promise.all([
    startTestStack({
      ALLOW_PRIVATE_TARGETS: '1',
      ANONYMOUS_SCANS_PER_DAY: String(QUOTA),
      SCAN_DEADLINE_MS: '4000',
    }),
    startFixtureSite('good'),
  ]);
}, 60_000);

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([
    stack?.close(),
    site?.close(),
    new Promise<void>((resolve) => silent.close(() => resolve())),
  ]);
});

describe('a scan that cannot reach its site', () => {
  it('answers the home page in words under a fitting heading, and costs no free scan', async () => {
    const visitor = new DashboardHttp(stack.baseUrl);
    expect((await visitor.get('/')).text).toContain(`${QUOTA} of ${QUOTA} free scans left today`);
    const failed = await visitor.post('/scans', { domain: 'nosuch.invalid' });
    expect(failed.status).toBe(500);
    expect(failed.text).toContain('<h1>We could not reach that site</h1>');
    expect(failed.text).toMatch(
      /id="scan-domain-error" role="alert"><span class="sr-only">Error: <\/span>We could not reach nosuch.invalid: no such domain\./,
    );
    expect(failed.text).toContain('value="nosuch.invalid"');
    expect(failed.text).not.toMatch(/\b500\b|scan_failed/);
    expect(failed.text).toContain(`${QUOTA} of ${QUOTA} free scans left today`);
  });

  it('answers the API scan_failed with the reason, for a refused connection and a silent host', async () => {
    const refused = await anonymousScan(`http://127.0.0.1:${await closedPort()}`);
    expect(refused.status).toBe(500);
    expect(refused.body.error?.code).toBe('scan_failed');
    expect(refused.body.error?.message).toMatch(
      /^We could not reach 127\.0\.0\.1:\d+: it refused the connection\.$/,
    );
    const quiet = await anonymousScan(`http://127.0.0.1:${portOf(silent)}`);
    expect(quiet.status).toBe(500);
    expect((quiet.body.error as { details?: unknown }).details).toMatchObject({
      reason: 'timeout',
    });
    const dns = await anonymousScan('nosuch.invalid');
    expect((dns.body.error as { details?: unknown }).details).toEqual({
      domain: 'nosuch.invalid',
      reason: 'dns',
    });
    expect((await new DashboardHttp(stack.baseUrl).get('/')).text).toContain(
      `${QUOTA} of ${QUOTA} free scans left today`,
    );
  }, 30_000);
});

describe('scans made before sign-up', () => {
  it('join the account the browser signs up for, and no other browser can claim them', async () => {
    const visitor = new DashboardHttp(stack.baseUrl);
    const scanned = await visitor.post('/scans', { domain: site.host });
    expect(scanned.status).toBe(303);
    const scanId = scanned.location?.split('/').at(-1) ?? '';
    const carried = visitor.cookies.get('ars_scans') ?? '';
    expect(carried).toMatch(new RegExp(`^[\\w-]{43}\\.${scanId}$`));
    expect((await visitor.get(scanned.location ?? '')).text).toContain(
      `${QUOTA - 1} of ${QUOTA} free scans left today`,
    );

    // Another browser that learnt the id (not the token) signs up first: it gets nothing.
    const other = new DashboardHttp(stack.baseUrl);
    other.cookies.set('ars_scans', `${'A'.repeat(43)}.${scanId}`);
    await signUp(other, `other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await other.get('/dashboard/scans')).text).not.toContain(site.host);

    await signUp(visitor, `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const history = await visitor.get('/dashboard/scans');
    expect(history.text).toContain(site.host);
    expect((await visitor.get(`/dashboard/scans/${scanId}`)).status).toBe(200);
  });
});

describe('the free scans of a day', () => {
  it('are never passed by concurrent requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: QUOTA + 3 }, () => anonymousScan(site.host)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // One of the quota went to the scan of the sign-up test.
    expect(statuses.filter((status) => status === 201)).toHaveLength(QUOTA - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  }, 60_000);

  it('say when spent how many are left and when they come back, on the box, home and result pages', async () => {
    const visitor = new DashboardHttp(stack.baseUrl);
    const refused = await visitor.post('/scans', { domain: site.host });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('<h1>No free scans left today</h1>');
    expect(refused.text).toMatch(
      /This address has used its 4 free scans of today: 0 left\. They come back at 00:00 UTC, in (\d+ hours?( and \d+ minutes?)?|\d+ minutes?|less than a minute)\./,
    );
    const home = await visitor.get('/');
    expect(home.text).toMatch(
      /No free scans left today from this address \(4 a day\): they come back at 00:00 UTC, in /,
    );
    expect(home.headers.get('cache-control')).toBe('no-store');
    const api = await anonymousScan(site.host);
    expect(api.status).toBe(429);
    expect((api.body.error as { details?: unknown }).details).toMatchObject({ quota: 4, left: 0 });
  });
});
