/**
 * The API's answer to a request no route of the manifest takes (functions/http/fallback.ts serves
 * it), never echoing a key that came in the path.
 */
import { redactApiKeys } from '#shared/domain/accounts/api-keys';
import { AppError, NotFoundError } from '#shared/domain/kernel/errors';
import { matchRoute } from './manifest.ts';

/**
 * The error for a request no route takes: 405 with the path's methods, else 404. The path is
 * quoted with any key in it redacted (`/api/mcp/{key}/...`).
 */
export function fallbackError(method: string, rawPath: string): AppError {
  const match = matchRoute(method, rawPath);
  const path = redactApiKeys(rawPath);
  if (match && 'methodMismatch' in match) {
    return new AppError('method_not_allowed', `${method} is not allowed on ${path}.`, {
      details: { allow: match.methodMismatch },
    });
  }
  return new NotFoundError(`No route ${method} ${path}. See /docs.`);
}
