/**
 * The tool server's endpoints (docs/api.md "The tool server (MCP)"): one handler behind both paths,
 * for every method (POST carries JSON-RPC; GET is answered 405 so buffered hosts never hang; DELETE
 * is harmless). Not REST routes: they are not in ROUTES (no OpenAPI operation), but CDK and the
 * local front route them from here. The tools themselves come from the manifest's `mcpTool`.
 */
export const MCP_HANDLER = 'functions/mcp/mcp.ts';

export const MCP_ENDPOINTS = [
  { path: '/api/mcp', keyIn: 'header' },
  { path: '/api/mcp/{api_key}', keyIn: 'path' },
] as const;
