/** The error for a request no route takes: 405 with the path's methods, else 404. */
import { AppError, NotFoundError } from '#shared/domain/kernel/errors';
import { matchRoute } from './manifest.ts';

export function fallbackError(method: string, path: string): AppError {
  const match = matchRoute(method, path);
  if (match && 'methodMismatch' in match) {
    return new AppError('method_not_allowed', `${method} is not allowed on ${path}.`, {
      details: { allow: match.methodMismatch },
    });
  }
  return new NotFoundError(`No route ${method} ${path}. See /docs.`);
}
