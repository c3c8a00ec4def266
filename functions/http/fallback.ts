/** Answers every request no route matches: 405 with `Allow` for a known path, else 404. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { fallbackError } from '#shared/surfaces/api/fallback';
import { errorResponse, requestContextOf } from '#shared/surfaces/http/request';
import { getApiDeps } from '#shared/wiring/api';

export async function handler(
  event: APIGatewayProxyEventV2,
): Promise<APIGatewayProxyStructuredResultV2> {
  const request = requestContextOf(event, getApiDeps().publicBaseUrl);
  const result = errorResponse(
    fallbackError(event.requestContext.http.method, event.rawPath),
    request,
  );
  return event.requestContext.http.method === 'HEAD' ? { ...result, body: '' } : result;
}
