/**
 * The tool server's settings: how this process's MCP tool calls reach their routes (the invoker
 * the wiring was started with, the local stack's in process, or Lambda invocations of the
 * functions MCP_TOOL_FUNCTIONS names) and which web origins may call it.
 */
import { createLambdaRouteInvoker } from '#shared/adapters/lambda/route-invoker';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import type { OriginPolicy } from '#shared/surfaces/mcp/origin';
import { lazy } from '#shared/wiring/lazy';
import { traced } from '#shared/wiring/observability';

export const getRouteInvoker = lazy(
  ({ config, invokeRoute }): RouteInvoker =>
    invokeRoute ?? createLambdaRouteInvoker(config.MCP_TOOL_FUNCTIONS, traced),
);

/** MCP_ALLOWED_ORIGINS, PUBLIC_BASE_URL, and loopback origins off Lambda (the local stack). */
export const getMcpOriginPolicy = lazy(
  ({ config }): OriginPolicy => ({
    allowed: config.MCP_ALLOWED_ORIGINS,
    allowLoopback: config.AWS_LAMBDA_FUNCTION_NAME === undefined,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  }),
);
