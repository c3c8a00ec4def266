/**
 * MCP design benchmark (issue 14, docs/decisions.md "MCP tool calls"): the tool server either
 * invokes each tool's route function (design A: one more Lambda invocation and a JSON round trip
 * per call, the MCP function bundles no area) or calls the route's handler in process (design B:
 * the MCP function bundles the seven read routes). Measures, for both:
 * - bundle size (minified and deflated), built as CDK builds it;
 * - cold-start import time of each bundle in a fresh Node process (median of N);
 * - per-call latency of a tool call through the local stack's MCP endpoint (p50, p99).
 * The network hop of a Lambda Invoke on AWS cannot be measured offline: design A's figure
 * locally carries only its JSON round trip; the route function's own cold start is measured.
 *
 *   npm run bench:mcp                       # 9 cold starts, 200 calls per design
 *   npm run bench:mcp -- --calls 50 --cold 5
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { invokeLocal } from '#local/lambda-runtime';
import { TOOLS } from '#shared/surfaces/mcp/tools';
import { bundleLikeCdk } from '#test/support/bundle';
import { startTestStack, type TestStack } from '#test/support/stack';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '200' }, cold: { type: 'string', default: '9' } },
});
const CALLS = Math.max(10, Number(values.calls));
const COLD_RUNS = Math.max(3, Number(values.cold));
const OUT_DIR = path.resolve('.bench/mcp');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Imports a bundle in a fresh Node process and answers the milliseconds the import took. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'SILENT' },
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr.slice(-600)}`);
  return Number(run.stdout);
}

async function measureBundle(name: string, entry: Parameters<typeof bundleLikeCdk>[0]) {
  const built = await bundleLikeCdk(entry);
  const file = path.join(OUT_DIR, `${name}.mjs`);
  writeFileSync(file, built.code);
  const times = Array.from({ length: COLD_RUNS }, () => coldImportMs(file));
  return { name, bytes: built.bytes, zipped: built.zipped, coldMs: median(times) };
}

function inProcessEntry(): string {
  const imports = TOOLS.map(
    (tool, i) => `import { handler as t${i} } from './${tool.route.handler}';`,
  );
  const list = TOOLS.map((_, i) => `t${i}`).join(', ');
  return `${imports.join('\n')}\nexport { handler } from './functions/mcp/mcp.ts';\nexport const tools = [${list}];\n`;
}

async function bundles() {
  mkdirSync(OUT_DIR, { recursive: true });
  const a = await measureBundle('A-mcp-invokes-routes', 'functions/mcp/mcp.ts');
  const b = await measureBundle('B-mcp-in-process', { contents: inProcessEntry() });
  const routes = [];
  for (const tool of TOOLS) {
    routes.push(await measureBundle(`route-${tool.name}`, tool.route.handler));
  }
  return { a, b, routes };
}

type Invoke = (
  handler: string,
  name: string,
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Design A locally: the event and the answer cross a JSON boundary, as through Lambda Invoke. */
const viaInvoke: Invoke = async (handler, name, event) => {
  const payload = JSON.parse(JSON.stringify(event)) as APIGatewayProxyEventV2;
  const answer = await invokeLocal<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(
    handler,
    payload,
    { functionName: name },
  );
  return JSON.parse(JSON.stringify(answer)) as APIGatewayProxyStructuredResultV2;
};

/** Design B: the route's handler called in the MCP function's own process. */
const inProcess: Invoke = (handler, name, event) =>
  invokeLocal(handler, event, { functionName: name, requestId: event.requestContext.requestId });

async function latencies(stack: TestStack, key: string, invoke: Invoke) {
  // The stack's wiring, started again with this design's route invoker.
  const restore = stack.rewire(
    {},
    { invokeRoute: (route, event) => invoke(route.handler, route.operationId, event) },
  );
  try {
    return await measure(stack.baseUrl, key);
  } finally {
    restore();
  }
}

async function measure(baseUrl: string, key: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'bench-mcp', version: '1.0.0' });
  await client.connect(transport);
  const times: number[] = [];
  for (let i = 0; i < CALLS + 10; i += 1) {
    const started = performance.now();
    const result = await client.callTool({ name: 'get_stats', arguments: {} });
    if (result.isError) throw new Error(`tool call failed: ${JSON.stringify(result.content)}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  await client.close();
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

async function main() {
  const { a, b, routes } = await bundles();
  console.log('bundle                          minified   deflated   cold import (median)');
  for (const row of [a, b, ...routes]) {
    console.log(
      `${row.name.padEnd(32)}${kb(row.bytes).padStart(8)}${kb(row.zipped).padStart(11)}${`${row.coldMs.toFixed(0)} ms`.padStart(12)}`,
    );
  }
  const stack = await startTestStack();
  try {
    const key = await stack.createKey(['scans:read']);
    const designA = await latencies(stack, key, viaInvoke);
    const designB = await latencies(stack, key, inProcess);
    console.log(`\nget_stats tool call over ${CALLS} calls (local stack, after 10 warm-up calls)`);
    console.log(
      `A (route invoked, JSON round trip): p50 ${designA.p50.toFixed(1)} ms, p99 ${designA.p99.toFixed(1)} ms`,
    );
    console.log(
      `B (in process):                     p50 ${designB.p50.toFixed(1)} ms, p99 ${designB.p99.toFixed(1)} ms`,
    );
    const slowestRoute = Math.max(...routes.map((r) => r.coldMs));
    console.log(
      `\nA on AWS adds one synchronous Lambda Invoke per call (not measurable offline) and, when the route function is cold, its import (${routes.map((r) => r.coldMs.toFixed(0)).join('/')} ms, slowest ${slowestRoute.toFixed(0)} ms) on top of the MCP function's own.`,
    );
  } finally {
    await stack.close();
  }
}

await main();
