import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '#shared/surfaces/http/route';

/**
 * How a tool call reaches its REST route: the route's own handler is invoked with the event API
 * Gateway would have sent, so the call runs the same operation under the same key, scopes,
 * limits and quotas. On AWS that is a Lambda invocation of the route's function (the MCP function
 * bundles none of the areas); locally the stack installs an in-process invoker.
 */
export type RouteInvoker = (
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;

let installed: RouteInvoker | undefined;

export function installRouteInvoker(invoker: RouteInvoker | undefined): void {
  installed = invoker;
}

let lambdaInvoker: RouteInvoker | undefined;

/** Function names per operation id come from MCP_TOOL_FUNCTIONS (JSON), set by CDK. */
function createLambdaInvoker(): RouteInvoker {
  const names = JSON.parse(process.env.MCP_TOOL_FUNCTIONS ?? '{}') as Record<string, string>;
  let client: Promise<{ invoke(name: string, payload: string): Promise<string> }> | undefined;
  const connect = async () => {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({});
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

export function getRouteInvoker(): RouteInvoker {
  if (installed) return installed;
  lambdaInvoker ??= createLambdaInvoker();
  return lambdaInvoker;
}
