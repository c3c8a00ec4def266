/**
 * The smoke test's MCP client: the SDK's own Client over Streamable HTTP with the key in the
 * Authorization header, as an assistant connects to `/api/mcp`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StepFailure } from './http.ts';
import type { SmokeOptions } from './options.ts';

async function withClient<T>(
  options: SmokeOptions,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StreamableHTTPClientTransport(new URL(`${options.baseUrl}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${options.key}` } },
  });
  const client = new Client({ name: 'agent-readiness-smoke', version: '1.0.0' });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

export function listTools(options: SmokeOptions): Promise<string[]> {
  return withClient(options, async (client) =>
    (await client.listTools()).tools.map((tool) => tool.name),
  );
}

export function callTool(
  options: SmokeOptions,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return withClient(options, async (client) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) {
      throw new StepFailure(`${name} answered an error: ${JSON.stringify(result.content)}`);
    }
    const content = result.structuredContent;
    if (!content) throw new StepFailure(`${name} returned no structured content`);
    return content as Record<string, unknown>;
  });
}
