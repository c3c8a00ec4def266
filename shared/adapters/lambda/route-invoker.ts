/**
 * Tool calls of the MCP server on AWS: each reaches its REST route by invoking the route's own
 * Lambda function with the API Gateway event the route expects (function names per operation id
 * come from MCP_TOOL_FUNCTIONS, set by CDK). The client is made on the first call, so a process
 * that never calls a tool never loads the Lambda SDK.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Calls the function of `route.operationId` with `event` and returns what it answered. */
export type LambdaRouteInvoker = (
  route: { operationId: string },
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2>;

interface FunctionCaller {
  invoke(name: string, payload: string): Promise<string>;
}

/** Wraps an AWS SDK client before use (X-Ray tracing); the client itself by default. */
type Capture = <Client>(client: Client) => Client;

async function connect(capture: Capture): Promise<FunctionCaller> {
  const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
  const lambda = capture(new LambdaClient({}));
  return {
    async invoke(name, payload) {
      const result = await lambda.send(
        new InvokeCommand({ FunctionName: name, Payload: Buffer.from(payload) }),
      );
      if (result.FunctionError) throw new Error(`${name} failed: ${result.FunctionError}`);
      return Buffer.from(result.Payload ?? new Uint8Array()).toString('utf8');
    },
  };
}

export function createLambdaRouteInvoker(
  names: Readonly<Record<string, string>>,
  capture: Capture = (client) => client,
): LambdaRouteInvoker {
  let client: Promise<FunctionCaller> | undefined;
  return async (route, event) => {
    const name = names[route.operationId];
    if (!name) throw new Error(`No function configured for tool ${route.operationId}`);
    client ??= connect(capture);
    const answer = await (await client).invoke(name, JSON.stringify(event));
    return JSON.parse(answer) as APIGatewayProxyStructuredResultV2;
  };
}
