import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorResponse, requestInfoOf } from '#shared/api/http-handler';
import { matchRoute } from '#shared/api/manifest';
import { getApiRuntime } from '#shared/api-runtime';
import { AppError, NotFoundError } from '#shared/errors';

/** Answers every request no route matches: 405 with `Allow` for a known path, else 404. */
export async function handler(
  event: APIGatewayProxyEventV2,
): Promise<APIGatewayProxyStructuredResultV2> {
  const request = requestInfoOf(event, getApiRuntime().publicBaseUrl);
  const method = event.requestContext.http.method;
  const match = matchRoute(method, event.rawPath);
  if (match && 'methodMismatch' in match) {
    return errorResponse(
      new AppError(
        'method_not_allowed',
        'method_not_allowed',
        `${method} is not allowed on ${event.rawPath}.`,
        {
          details: { allow: match.methodMismatch },
        },
      ),
      request,
    );
  }
  return errorResponse(
    new NotFoundError(`No route ${method} ${event.rawPath}. See /docs.`),
    request,
  );
}
