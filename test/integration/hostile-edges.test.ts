/**
 * A hostile tester through the local front (issue 36 points 3, 4 and 9): a provider that cites
 * `javascript:` and `data:` URLs (the simulator's SIMULATOR_HOSTILE_CITATIONS) reaches neither
 * the API nor an `href` of a page, and Google's grounding redirects are no pages of the brand's
 * site; the public pages carry their security headers and JSON answers `nosniff`; a sign-in
 * address with control characters, angle brackets or quotes is refused at its field and nothing
 * of it reaches a log line raw; headers far over the limit get 431 and CONNECT 501, both in the
 * envelope and never a reset.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOutbox } from '#shared/wiring/mail';
import { DashboardHttp } from '#test/browser/support/dashboard-http';
import { captured, captureStdout } from '#test/support/debug-logs';
import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson, type TestStack } from '#test/support/stack';

const OWNER = 'hostile-owner@example.com';
let stack: TestStack;
let owner: string;
let caseId: string;
let runId: string;
let restore: () => void;

beforeAll(async () => {
  restore = captureStdout();
  ({ stack, owner } = await startMonitorTestStack({
    seed: 'hostile-edges',
    ownerEmail: OWNER,
    adminEmail: 'hostile-admin@example.com',
    env: { SIMULATOR_HOSTILE_CITATIONS: '1', LOG_LEVEL: 'DEBUG' },
  }));
  await stack.operator.setAccount({ email: OWNER, plan: 'pro' });
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key: owner,
    body: { name: 'Acme Analytics', domain: 'acme-analytics.example', category: 'analytics' },
  });
  caseId = (created.body.case as { id: string }).id;
  const run = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key: owner,
    body: {},
  });
  runId = (run.body.run as { id: string }).id;
  for (let tries = 0; tries < 600; tries += 1) {
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs/${runId}`, {
      key: owner,
    });
    if (['done', 'failed'].includes((read.body.run as { status: string }).status)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  await stack?.close();
  restore?.();
});

/** A raw HTTP/1.1 exchange: what came back before the connection closed, or the error. */
function exchange(request: string): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(stack.baseUrl).port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code }));
    socket.on('close', () => resolve({ text }));
    socket.write(request);
  });
}

describe('a hostile citation', () => {
  it('reaches neither the API nor a page', async () => {
    const answers = await callJson(
      stack.baseUrl,
      `/api/v1/cases/${caseId}/runs/${runId}/answers?mode=online&limit=100`,
      { key: owner },
    );
    expect(answers.status).toBe(200);
    const text = JSON.stringify(answers.body);
    const found = /.{0,200}(javascript:|data:text).{0,100}/i.exec(text)?.[0];
    expect(found ?? '', found).toBe('');
    const sources = (answers.body.answers as { sources: { url: string }[] }[]).flatMap(
      (answer) => answer.sources,
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.url).toMatch(/^https?:\/\//);

    const person = new DashboardHttp(stack.baseUrl);
    await person.signIn(OWNER);
    const page = await person.get(`/dashboard/cases/${caseId}/runs/${runId}/answers?mode=online`);
    expect(page.status).toBe(200);
    const unsafe = /.{0,120}(href|src)="\s*(javascript|data):.{0,60}/i.exec(page.text)?.[0];
    expect(unsafe ?? '', unsafe).toBe('');
    expect(page.text).not.toContain('<img src=x');
    const casePage = await person.get(`/dashboard/cases/${caseId}`);
    const cited = /<section id="case-cited-pages">[\s\S]*?<\/section>/.exec(casePage.text)?.[0];
    expect(cited ?? '').not.toContain('vertexaisearch.cloud.google.com');
  });
});

describe('security headers', () => {
  it('are on every public page, its 404 and the scan box’s answers', async () => {
    const visitor = new DashboardHttp(stack.baseUrl);
    const scan = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: 'nosuch.invalid' },
    });
    expect(scan.status).toBe(500);
    const pages = [
      await visitor.get('/'),
      await visitor.get('/docs'),
      await visitor.get('/scans/00000000-0000-4000-8000-000000000000'),
      await visitor.post('/scans', { domain: 'not a domain' }),
    ];
    for (const answer of pages) {
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    }
    expect(pages[2]?.status).toBe(404);
  });

  it('say nosniff on JSON answers and errors', async () => {
    for (const path of ['/api/v1/stats', '/api/v1/nowhere', '/api/v1/scans/nope']) {
      const answer = await callJson(stack.baseUrl, path);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('a hostile sign-in address', () => {
  it('is refused at its field, mails nothing, and reaches no log line raw', async () => {
    const sent = getOutbox().messages().length;
    for (const email of [
      'eve\u0007@example.com',
      'eve\u009b31m@example.com',
      '<eve>@example.com',
      '"eve"@example.com',
      "eve'@example.com",
      'eve\u2028x@example.com',
    ]) {
      const answer = await new DashboardHttp(stack.baseUrl).post('/dashboard/sign-in', { email });
      expect(answer.status, email).toBe(400);
      expect(answer.text).toMatch(/id="f-email-error"/);
      expect(answer.text).toContain('aria-invalid="true"');
    }
    expect(getOutbox().messages()).toHaveLength(sent);
    const raw = ['\u0007', '\u009b', '\u2028'];
    for (const line of captured.join('').split('\n')) {
      for (const character of raw) expect(line.includes(character)).toBe(false);
    }
  });
});

describe('the favicon', () => {
  it('is an icon at /favicon.ico', async () => {
    const icon = await fetch(`${stack.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await icon.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes.readUInt32LE(18)).toBe(22);
  });
});

describe('protocol edges', () => {
  it('answers headers far over the limit with 431 in the envelope, not a reset', async () => {
    const answer = await exchange(
      `GET /api/v1/stats HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(2_000_000)}\r\n\r\n`,
    );
    expect(answer.error).toBeUndefined();
    expect(answer.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.text).toContain('"code":"request_header_fields_too_large"');
  });

  it('answers CONNECT with 501 and other unsupported methods with 405 or 501, in the envelope', async () => {
    const tunnel = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n');
    expect(tunnel.error).toBeUndefined();
    expect(tunnel.text).toMatch(/^HTTP\/1\.1 501 /);
    expect(tunnel.text).toContain('"code":"not_implemented"');
    for (const method of ['TRACE', 'PROPFIND', 'PATCH']) {
      const answer = await exchange(
        `${method} /api/v1/stats HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.text, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer.text, method).toContain('"code":"method_not_allowed"');
    }
    const unknown = await exchange('FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(unknown.text).toMatch(/^HTTP\/1\.1 501 /);
  });
});
