import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVerifier, httpbis } from 'http-message-signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';
import { createWebBotAuthSigner } from '#shared/adapters/http/message-signatures';
import { getSigningKeySource } from '#shared/wiring/scanner-identity';
import {
  type RecordedRequest,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type Jwks,
  type SignedRequest,
  signatureProfile,
  verifyRequest,
} from '#test/support/web-bot-auth';

/**
 * Issue 28, points 1 to 3: every request a scan sends is signed per Web Bot Auth, and an
 * independent RFC 9421 implementation (`http-message-signatures`) verifies it against the JWK Set
 * fetched from our own key directory; a tampered header, an expired signature and a key rotated
 * out of the directory fail.
 *
 *   npx vitest run test/integration/scanner-signatures.test.ts
 */
const DIRECTORY = '/.well-known/http-message-signatures-directory';

let stack: TestStack;
let site: RunningFixtureSite;
let dataDir: string;
let key: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signing-keys-'));
  stack = await startTestStack(
    { ALLOW_PRIVATE_TARGETS: '1', SIGNING_KEYS_REFRESH_MS: '0', WORKFLOW_TIME_SCALE: '0.01' },
    dataDir,
  );
  key = await stack.createKey(['scans:read', 'scans:write']);
  site = await startFixtureSite('good');
});

afterAll(async () => {
  await site?.close();
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function scanSite(): Promise<RecordedRequest[]> {
  const before = site.requests.length;
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain: `http://${site.host}` },
  });
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  return site.requests.slice(before);
}

async function directory(): Promise<{ jwks: Jwks; response: Response; text: string }> {
  const response = await fetch(`${stack.baseUrl}${DIRECTORY}`);
  const text = await response.text();
  return { jwks: JSON.parse(text) as Jwks, response, text };
}

function asSigned(request: RecordedRequest): SignedRequest {
  return { method: request.method, url: `${site.url}${request.path}`, headers: request.headers };
}

describe('every scan request', () => {
  let requests: RecordedRequest[];
  let jwks: Jwks;

  beforeAll(async () => {
    requests = await scanSite();
    jwks = (await directory()).jwks;
  });

  it('verifies with the independent implementation against our published directory', async () => {
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) {
      expect(await verifyRequest(asSigned(request), jwks), request.path).toMatchObject({
        ok: true,
      });
    }
  });

  it('follows the Web Bot Auth profile: tag, lifetime, thumbprint keyid, covered components', () => {
    const kids = jwks.keys.map((jwk) => jwk.kid);
    for (const request of requests) {
      const profile = signatureProfile(request.headers);
      expect(profile.tag).toBe('web-bot-auth');
      expect(profile.expires - profile.created).toBeGreaterThanOrEqual(60);
      expect(profile.expires - profile.created).toBeLessThanOrEqual(300);
      expect(kids).toContain(profile.keyid);
      expect(profile.components).toEqual(
        expect.arrayContaining(['@authority', `signature-agent;key=${profile.label}`]),
      );
      expect(profile.agent).toBe(`${stack.baseUrl}${DIRECTORY}`);
    }
  });

  it('names the bot and the page about it in the User-Agent', () => {
    for (const request of requests) {
      expect(request.headers['user-agent']).toBe(
        `AgentReadinessScanner/2.0 (+${stack.baseUrl}/docs#scanner)`,
      );
    }
  });

  it('fails verification when a covered header is tampered with', async () => {
    const request = requests[0] as RecordedRequest;
    const tampered = {
      ...asSigned(request),
      headers: { ...request.headers, 'signature-agent': 'sig1="https://impostor.example/keys"' },
    };
    expect(await verifyRequest(tampered, jwks)).toMatchObject({ ok: false });
    const otherPath = { ...asSigned(request), url: `${site.url}/somewhere-else` };
    expect(await verifyRequest(otherPath, jwks)).toMatchObject({ ok: false });
  });

  it('fails verification once the signature has expired', async () => {
    const stale = createWebBotAuthSigner({
      keys: getSigningKeySource(),
      directoryUrl: `${stack.baseUrl}${DIRECTORY}`,
      now: () => Date.now() - 10 * 60_000,
    });
    const url = new URL(`${site.url}/robots.txt`);
    const headers = await stale.headers(url, 'GET');
    const verdict = await verifyRequest({ method: 'GET', url: url.href, headers }, jwks);
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/i) });
  });
});

describe('a batch scan', () => {
  it('signs its requests the same way (the workflow step uses the same scan fetcher)', async () => {
    const before = site.requests.length;
    const created = await createBatch(stack.baseUrl, key, [`http://${site.host}`]);
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const jobId = (created.body.job as { id: string }).id;
    expect((await waitForJob(stack.baseUrl, key, jobId)).job.status).toBe('done');
    const requests = site.requests.slice(before);
    expect(requests.length).toBeGreaterThan(10);
    const { jwks } = await directory();
    for (const request of requests) {
      expect(await verifyRequest(asSigned(request), jwks), request.path).toMatchObject({
        ok: true,
      });
    }
  });
});

describe('the key directory', () => {
  it('is a JWK Set served with its media type and signed with each key it lists', async () => {
    const { jwks, response, text } = await directory();
    expect(response.headers.get('content-type')).toBe(
      'application/http-message-signatures-directory+json',
    );
    expect(jwks.keys.length).toBeGreaterThan(0);
    const authority = new URL(stack.baseUrl).host;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const request = { method: 'GET', url: `${stack.baseUrl}${DIRECTORY}`, headers: {} };
    const verified = await httpbis.verifyMessage(
      {
        keyLookup: async (params) => {
          const jwk = jwks.keys.find((candidate) => candidate.kid === params.keyid);
          if (jwk === undefined) return null;
          const publicKey = createPublicKey({ key: { ...jwk }, format: 'jwk' });
          return { id: jwk.kid, algs: ['ed25519'], verify: createVerifier(publicKey, 'ed25519') };
        },
        all: true,
      },
      { status: response.status, headers },
      request,
    );
    expect(verified).toBe(true);
    expect(headers['signature-input']).toContain('tag="http-message-signatures-directory"');
    expect(headers['signature-input']).toContain('"@authority";req');
    expect(authority).toContain('localhost');
    const digest = `sha-256=:${(await import('node:crypto')).createHash('sha256').update(text).digest('base64')}:`;
    expect(headers['content-digest']).toBe(digest);
  });

  it('keeps a rotated key published for the overlap, then drops it and its signatures fail', async () => {
    const [oldRequest] = await scanSite();
    const oldKid = signatureProfile((oldRequest as RecordedRequest).headers).keyid;
    const io = { stdout: () => {}, stderr: () => {} };
    const env = { ...process.env, DATA_DIR: dataDir };
    expect(await runAdmin(['rotate-signing-key', '--overlap-hours', '24'], io, env)).toBe(0);
    const overlapping = (await directory()).jwks;
    expect(overlapping.keys.map((jwk) => jwk.kid)).toContain(oldKid);
    expect(await verifyRequest(asSigned(oldRequest as RecordedRequest), overlapping)).toMatchObject(
      {
        ok: true,
      },
    );
    const [newRequest] = (await scanSite()) as [RecordedRequest];
    const newKid = signatureProfile(newRequest.headers).keyid;
    expect(newKid).not.toBe(oldKid);

    // No overlap: the key that signed newRequest leaves the directory at once.
    expect(await runAdmin(['rotate-signing-key', '--overlap-hours', '0'], io, env)).toBe(0);
    const rotatedOut = (await directory()).jwks;
    expect(rotatedOut.keys.map((jwk) => jwk.kid)).not.toContain(newKid);
    expect(rotatedOut.keys.map((jwk) => jwk.kid)).toContain(oldKid);
    expect(await verifyRequest(asSigned(newRequest), rotatedOut)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unknown key/),
    });
  });
});

describe('the Signature Agent Card', () => {
  it('is the registry draft format: client metadata with a web_bot_auth object', async () => {
    const response = await callJson(stack.baseUrl, '/.well-known/signature-agent-card');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      client_id: `${stack.baseUrl}/.well-known/signature-agent-card`,
      client_name: 'AgentReadinessScanner',
      jwks_uri: `${stack.baseUrl}${DIRECTORY}`,
      web_bot_auth: { 'rfc9309-product-token': 'AgentReadinessScanner', trigger: 'fetcher' },
    });
  });

  it('and the directory are named in robots.txt comments, not in the agent catalog', async () => {
    // Issue 37: the catalog lists only discovery types (MCP server card, agent skill), which
    // every reader accepts; the key directory and the card have well-known paths of their own.
    const catalog = await callJson(stack.baseUrl, '/.well-known/ai-catalog.json');
    const entries = (catalog.body.entries ?? []) as Array<{ identifier: string; url: string }>;
    expect(entries.map((entry) => entry.url)).not.toContain(`${stack.baseUrl}${DIRECTORY}`);
    for (const entry of entries) expect(entry.identifier).toMatch(/^urn:air:localhost:/);
    const robots = await (await fetch(`${stack.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`# key directory ${stack.baseUrl}${DIRECTORY}`);
    expect(robots).toContain(
      `# Signature Agent Card ${stack.baseUrl}/.well-known/signature-agent-card`,
    );
  });
});
