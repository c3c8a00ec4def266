import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The tool server through the local front, with the SDK's own Client and
 * StreamableHTTPClientTransport, in both forms: key in the Authorization header and key in the
 * path. Every tool's structuredContent is the body of the same REST call with the same key.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let owner: string;
let scansOnly: string;
let admin: string;
let caseId: string;
let runId: string;
let foreignCaseId: string;

const ADMIN = 'ops@example.com';
const SEVEN = [
  'get_case',
  'get_case_summary',
  'get_scan',
  'get_stats',
  'list_cases',
  'list_runs',
  'scan_domain',
];

const CASE = {
  name: 'Tooling Co',
  domain: 'tooling.example',
  category: 'developer tools',
  icp: 'platform teams',
  competitors: ['Hammer Inc'],
  use_cases: ['internal tooling'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { founded: '2020' },
};

type Form = 'header' | 'path';

async function connect(key: string, form: Form): Promise<Client> {
  const url = new URL(
    form === 'path' ? `${stack.baseUrl}/api/mcp/${key}` : `${stack.baseUrl}/api/mcp`,
  );
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: form === 'header' ? { headers: { Authorization: `Bearer ${key}` } } : {},
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function withoutGeneratedAt(body: unknown): unknown {
  const copy = structuredClone(body) as { meta?: { generated_at?: string } };
  if (copy.meta) delete copy.meta.generated_at;
  return copy;
}

async function createCase(key: string, body: object): Promise<string> {
  const response = await callJson(stack.baseUrl, '/api/v1/cases', { method: 'POST', key, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.case as { id: string }).id;
}

beforeAll(async () => {
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
    ADMIN_EMAILS: ADMIN,
  });
  site = await startFixtureSite('good');
  owner = await stack.createKey(['monitor:read', 'monitor:write', 'scans:read', 'scans:write']);
  scansOnly = await stack.createKey(['scans:read', 'scans:write']);
  const other = await stack.createKey(['monitor:read', 'monitor:write']);
  await stack.operator.createUser({ email: ADMIN, plan: 'none' });
  admin = await stack.createKey(['monitor:read', 'monitor:admin'], { email: ADMIN });
  caseId = await createCase(owner, CASE);
  foreignCaseId = await createCase(other, { ...CASE, name: 'Someone Else Ltd' });
  const run = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key: owner,
  });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  runId = (run.body.run as { id: string }).id;
  await stack.workflows.waitFor(`monitor-${runId}`);
});

afterAll(async () => {
  await site?.close();
  await stack?.close();
});

describe.each<Form>(['header', 'path'])('the tool server, key in the %s', (form) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(owner, form);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists exactly the seven read tools, each with an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(SEVEN);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(20);
    }
    const names = tools.map((tool) => tool.name);
    for (const never of ['create_run', 'create_batch', 'get_batch', 'create_case', 'patch_case']) {
      expect(names).not.toContain(never);
    }
    expect(names.some((name) => name.includes('webhook'))).toBe(false);
  });

  it('gives each tool the body of the same REST call as structuredContent', async () => {
    const scan = await client.callTool({ name: 'scan_domain', arguments: { domain: site.host } });
    expect(scan.isError, JSON.stringify(scan.content)).toBeFalsy();
    const scanId = (scan.structuredContent as { scan: { id: string } }).scan.id;
    const calls: [string, Record<string, unknown>, string][] = [
      ['get_scan', { id: scanId }, `/api/v1/scans/${scanId}`],
      ['get_stats', {}, '/api/v1/stats'],
      ['list_cases', {}, '/api/v1/cases'],
      ['list_cases', { q: 'tooling' }, '/api/v1/cases?q=tooling'],
      ['get_case', { id: caseId }, `/api/v1/cases/${caseId}`],
      ['get_case_summary', { id: caseId }, `/api/v1/cases/${caseId}/summary`],
      ['list_runs', { id: caseId, limit: 5 }, `/api/v1/cases/${caseId}/runs?limit=5`],
    ];
    for (const [name, args, path] of calls) {
      const tool = await client.callTool({ name, arguments: args });
      expect(tool.isError, `${name} ${JSON.stringify(tool.content)}`).toBeFalsy();
      const rest = await callJson(stack.baseUrl, path, { key: owner });
      expect(rest.status, path).toBe(200);
      expect(withoutGeneratedAt(tool.structuredContent), name).toEqual(
        withoutGeneratedAt(rest.body),
      );
      const text = (tool.content as { type: string; text: string }[])[0];
      expect(text?.type).toBe('text');
      expect(text?.text.length ?? 0).toBeGreaterThan(2);
    }
  });

  it('answers an unknown case id with a not_found tool error', async () => {
    for (const id of [crypto.randomUUID(), foreignCaseId, 'not-a-uuid']) {
      const result = await client.callTool({ name: 'get_case', arguments: { id } });
      expect(result.isError, id).toBe(true);
      expect((result.content as { text: string }[])[0]?.text, id).toMatch(/^not_found: /);
      const envelope = JSON.parse((result.content as { text: string }[])[1]?.text ?? '{}');
      expect(envelope.error.code).toBe('not_found');
    }
  });
});

describe('keys and scopes', () => {
  it('gives a key without monitor:read the insufficient_scope tool error', async () => {
    const client = await connect(scansOnly, 'header');
    const result = await client.callTool({ name: 'list_cases', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/^insufficient_scope: /);
    await client.close();
  });

  it('refuses an unknown or missing key with 401 and WWW-Authenticate', async () => {
    for (const form of ['header', 'path'] as const) {
      await expect(connect('ars_doesnotexist', form)).rejects.toThrow(/unauthorized/);
    }
    const response = await fetch(`${stack.baseUrl}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await response.json()) as { error: { code: string }; meta: object };
    expect(body.error.code).toBe('unauthorized');
    expect(body.meta).toBeDefined();
  });

  it("lets a monitor:admin key list other tenants' cases with owner_email", async () => {
    const client = await connect(admin, 'path');
    const result = await client.callTool({ name: 'list_cases', arguments: {} });
    expect(result.isError).toBeFalsy();
    const listed = result.structuredContent as {
      scope?: string;
      cases: { id: string; owner_email?: string }[];
    };
    expect(listed.scope).toBe('all_tenants');
    expect(listed.cases.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([caseId, foreignCaseId]),
    );
    for (const entry of listed.cases) expect(entry.owner_email).toMatch(/@/);
    await client.close();
  });
});

describe('transport', () => {
  it('answers GET with 405 at once and DELETE harmlessly', async () => {
    const get = await fetch(`${stack.baseUrl}/api/mcp`, {
      headers: { authorization: `Bearer ${owner}`, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
    const remove = await fetch(`${stack.baseUrl}/api/mcp/${owner}`, { method: 'DELETE' });
    expect(remove.status).toBeLessThan(300);
  });
});
