/**
 * How a tool call reaches its REST route: the route's own handler is invoked with the event API
 * Gateway would have sent, so the call runs the same operation under the same key, scopes,
 * limits and quotas. On AWS that is a Lambda invocation of the route's function (the MCP function
 * bundles none of the areas); locally the stack starts the wiring with an in-process invoker
 * (shared/wiring/mcp.ts chooses).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '#shared/surfaces/http/route';

export type RouteInvoker = (
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Function names per operation id come from MCP_TOOL_FUNCTIONS (JSON), set by CDK; `capture`
 * wraps the Lambda client (X-Ray tracing).
 */
export function createLambdaInvoker(
  names: Readonly<Record<string, string>>,
  capture: <Client>(client: Client) => Client = (client) => client,
): RouteInvoker {
  let client: Promise<{ invoke(name: string, payload: string): Promise<string> }> | undefined;
  const connect = async () => {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const lambda = capture(new LambdaClient({}));
    return {
      async invoke(name: string, payload: string) {
        const result = await lambda.send(
          new InvokeCommand({ FunctionName: name, Payload: Buffer.from(payload) }),
        );
        if (result.FunctionError) throw new Error(`${name} failed: ${result.FunctionError}`);
        return Buffer.from(result.Payload ?? new Uint8Array()).toString('utf8');
      },
    };
  };
  return async (route, event) => {
    const name = names[route.operationId];
    if (!name) throw new Error(`No function configured for tool ${route.operationId}`);
    client ??= connect();
    const answer = await (await client).invoke(name, JSON.stringify(event));
    return JSON.parse(answer) as APIGatewayProxyStructuredResultV2;
  };
}
