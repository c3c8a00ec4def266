/**
 * Run by tracing.test.ts in a process that looks like a Lambda invocation with active tracing
 * (its environment carries the runtime's variables and a sampled trace header): builds the
 * wiring from that environment and makes one DynamoDB call through the platform's document
 * client and one outbound request through the scan fetcher, both to a loopback server. Prints
 * whether it traced and whether `node:http` was patched (the tracer's library loaded).
 */
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig, readEnvironment } from '#shared/wiring/config';
import { startWiring } from '#shared/wiring/lazy';
import { getTracer } from '#shared/wiring/observability';
import { getStore } from '#shared/wiring/platform';
import { getScanFetcher } from '#shared/wiring/scans';

const unpatched = http.request;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
  response.end('{}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const wiring = startWiring({
  config: loadConfig({ ...readEnvironment(), DYNAMODB_ENDPOINT: origin }),
});
try {
  const { doc, tableName } = getStore();
  await doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'a', sk: 'b' } }));
  await getScanFetcher().fetch(`${origin}/page`, { timeoutMs: 5_000, maxBytes: 1_000 });
  process.stdout.write(
    JSON.stringify({ tracing: getTracer().enabled, httpPatched: http.request !== unpatched }),
  );
} finally {
  wiring.close();
  server.close();
}
