/**
 * The tool server's function as Lambda loads it (issue 26, docs/decisions.md "The tool server on
 * this year's MCP"): its bundle built as CDK builds it (minified and deflated sizes), the cold
 * import of that bundle in a fresh Node process, and the cold first answer: import plus one
 * `initialize` and one `tools/list` handled by the bundle's handler in that fresh process, its key
 * checked against a local store started beforehand (medians of N).
 *
 *   npm run bench:mcp-bundle              # 9 cold processes each
 *   npm run bench:mcp-bundle -- --cold 15
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalDynamoClient, ensureTable, startDynalite } from '#local/dynamo-local';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import { MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { bundleLikeCdk } from '#test/support/bundle';

const { values } = parseArgs({ options: { cold: { type: 'string', default: '9' } } });
const COLD_RUNS = Math.max(3, Number(values.cold));
const OUT_DIR = path.resolve('.bench/mcp');
const TABLE = 'bench-mcp';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The child's script: import the bundle, then answer two requests as API Gateway sends them. */
function childScript(file: string, key: string): string {
  const event = (id: number, method: string, params: object) => ({
    version: '2.0',
    routeKey: 'ANY /api/mcp/{api_key}',
    rawPath: `/api/mcp/${key}`,
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-proto': 'http',
      ...(method === 'initialize' ? {} : { 'mcp-protocol-version': '2025-11-25' }),
    },
    pathParameters: { api_key: key },
    requestContext: {
      domainName: 'localhost',
      http: { method: 'POST', path: `/api/mcp/${key}`, sourceIp: '127.0.0.1' },
      requestId: `bench-${id}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    isBase64Encoded: false,
  });
  const initialize = event(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  const list = event(2, 'tools/list', {});
  return `
const context = { functionName: 'mcp', awsRequestId: 'bench', getRemainingTimeInMillis: () => 30000 };
const t0 = performance.now();
const { handler } = await import(${JSON.stringify(file)});
const imported = performance.now() - t0;
const first = await handler(${JSON.stringify(initialize)}, context);
const second = await handler(${JSON.stringify(list)}, context);
if (first.statusCode !== 200 || second.statusCode !== 200) throw new Error(first.statusCode + ' ' + second.statusCode + ' ' + second.body);
process.stdout.write(JSON.stringify({ imported, answered: performance.now() - t0 }));`;
}

/** One fresh process; asynchronous, so that this process's store keeps answering it. */
function coldRun(
  script: string,
  endpoint: string,
): Promise<{ imported: number; answered: number }> {
  const env = {
    ...process.env,
    LOG_LEVEL: 'SILENT',
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_NAME: TABLE,
  };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { env },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`cold run failed: ${stderr.slice(-800)}`));
        else resolve(JSON.parse(stdout) as { imported: number; answered: number });
      },
    );
  });
}

async function keyOnLocalStore(endpoint: string): Promise<string> {
  const raw = createLocalDynamoClient(endpoint);
  await ensureTable(raw, TABLE);
  raw.destroy();
  const doc = createDocumentClient({ region: 'us-east-1', endpoint });
  const operator = createOperatorService({
    users: createUsersRepository(doc, TABLE),
    members: createTeamRepository(doc, TABLE),
    adminEmails: [],
    clock: systemClock,
  });
  await operator.createUser({ email: 'bench@example.com', plan: 'pro' });
  const { key } = await operator.createKey({
    email: 'bench@example.com',
    scopes: ['scans:read'],
    plugin: false,
  });
  doc.destroy();
  return key;
}

const built = await bundleLikeCdk(MCP_HANDLER);
mkdirSync(OUT_DIR, { recursive: true });
const file = path.join(OUT_DIR, 'mcp-function.mjs');
writeFileSync(file, built.code);
const store = await startDynalite(null);
try {
  const script = childScript(file, await keyOnLocalStore(store.endpoint));
  const runs = [];
  for (let index = 0; index < COLD_RUNS; index += 1) {
    runs.push(await coldRun(script, store.endpoint));
  }
  console.log(
    JSON.stringify({
      bundle: kb(built.bytes),
      deflated: kb(built.zipped),
      cold_import_ms_median: Math.round(median(runs.map((run) => run.imported))),
      cold_first_answers_ms_median: Math.round(median(runs.map((run) => run.answered))),
    }),
  );
} finally {
  await store.close();
}
