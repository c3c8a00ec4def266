/** The tool server (MCP): API Gateway's /api/mcp and /api/mcp/{api_key}, and the function URL. */
import { createMcpHandler } from '#shared/surfaces/mcp/http';
import { getApiDeps } from '#shared/wiring/api';
import { getMcpOriginPolicy, getRouteInvoker } from '#shared/wiring/mcp';

export const handler = createMcpHandler(getApiDeps, getRouteInvoker, getMcpOriginPolicy);
