/**
 * The tool server's call example on the docs page (docs/api.md "The tool server (MCP)"): a JSON-RPC
 * `tools/call` of a tool with arguments sampled from the tool's input schema, and its result,
 * whose `structuredContent` is the REST route's response example
 * (shared/surfaces/api/examples.ts).
 */
import { EXAMPLE_KEY, responseExample, sampleOf } from '#shared/surfaces/api/examples';
import { escapeHtml } from '#shared/surfaces/http/html';
import type { ToolDefinition } from '#shared/surfaces/mcp/tools';

export interface ToolCallExample {
  arguments: Record<string, unknown>;
  curl: string;
  result: unknown;
}

export function toolCallExample(tool: ToolDefinition, baseUrl: string): ToolCallExample {
  const args = (sampleOf(tool.inputSchema, 'input') ?? {}) as Record<string, unknown>;
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool.name, arguments: args },
  };
  const curl = [
    `curl -X POST '${baseUrl}/api/mcp'`,
    `  -H 'Authorization: Bearer ${EXAMPLE_KEY}'`,
    `  -H 'Content-Type: application/json'`,
    `  -H 'Accept: application/json, text/event-stream'`,
    `  --data '${JSON.stringify(request).replaceAll("'", "'\\''")}'`,
  ].join(' \\\n');
  const structuredContent = responseExample(tool.route, baseUrl).body;
  const result = {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: '…' }], structuredContent },
  };
  return { arguments: args, curl, result };
}

/** The example as HTML: the call and its result. */
export function toolCallHtml(tool: ToolDefinition, baseUrl: string): string {
  const example = toolCallExample(tool, baseUrl);
  return `<p id="mcp-call">A call of <code>${escapeHtml(tool.name)}</code> and its result:</p>
<pre tabindex="0"><code>${escapeHtml(example.curl)}</code></pre>
<pre tabindex="0"><code>${escapeHtml(JSON.stringify(example.result, null, 2))}</code></pre>`;
}
