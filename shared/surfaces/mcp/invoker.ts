/**
 * How a tool call reaches its REST route: the route's own handler is invoked with the event API
 * Gateway would have sent, so the call runs the same operation under the same key, scopes,
 * limits and quotas. The tool server receives an invoker: on AWS a Lambda invocation of the
 * route's function (shared/adapters/lambda/route-invoker.ts; the MCP function bundles none of the
 * areas), locally the stack's in-process call of the handler module.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '#shared/surfaces/http/route';

export type RouteInvoker = (
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;
