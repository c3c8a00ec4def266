/** The tool server (MCP): API Gateway's /api/mcp and /api/mcp/{api_key}, and the function URL. */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { logger } from '#shared/domain/kernel/logger';
import { handleMcpEvent } from '#shared/surfaces/mcp/http';

export const handler = middy<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context
>({
  timeoutEarlyInMillis: 0,
})
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(handleMcpEvent);
