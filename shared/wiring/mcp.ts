/**
 * How this process's MCP tool calls reach their routes: the invoker the wiring was started with
 * (the local stack's, in process), or Lambda invocations of the functions MCP_TOOL_FUNCTIONS
 * names.
 */
import { createLambdaRouteInvoker } from '#shared/adapters/lambda/route-invoker';
import type { RouteInvoker } from '#shared/surfaces/mcp/invoker';
import { lazy } from '#shared/wiring/lazy';
import { traced } from '#shared/wiring/observability';

export const getRouteInvoker = lazy(
  ({ config, invokeRoute }): RouteInvoker =>
    invokeRoute ?? createLambdaRouteInvoker(config.MCP_TOOL_FUNCTIONS, traced),
);
