/**
 * Answers every request no route matches: 405 with `Allow` for a known path, else 404. Under
 * `/dashboard` the answer is a page for people in the dashboard's layout; elsewhere the API's
 * JSON error envelope.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '#shared/domain/kernel/errors';
import { fallbackError } from '#shared/surfaces/api/fallback';
import { dashboardFallbackPage, isDashboardPath } from '#shared/surfaces/dashboard/not-found';
import { errorResponse, requestContextOf } from '#shared/surfaces/http/request';
import { getApiDeps } from '#shared/wiring/api';

function dashboardAnswer(error: AppError, requestId: string): APIGatewayProxyStructuredResultV2 {
  const page = dashboardFallbackPage(error);
  const allow = error.details?.allow;
  return {
    statusCode: page.status ?? 404,
    headers: {
      ...page.headers,
      'content-type': 'text/html; charset=utf-8',
      'x-request-id': requestId,
      ...(Array.isArray(allow) ? { allow: allow.join(', ') } : {}),
    },
    body: page.body,
  };
}

export async function handler(
  event: APIGatewayProxyEventV2,
): Promise<APIGatewayProxyStructuredResultV2> {
  const api = getApiDeps();
  const request = requestContextOf(event, api.publicBaseUrl);
  const method = event.requestContext.http.method;
  const error = fallbackError(method, event.rawPath);
  const result =
    isDashboardPath(event.rawPath) && error instanceof AppError
      ? dashboardAnswer(error, request.id)
      : errorResponse(error, request, api.logger);
  return method === 'HEAD' ? { ...result, body: '' } : result;
}
