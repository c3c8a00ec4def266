/**
 * The first middleware of every Lambda handler the surfaces build (HTTP routes, the tool server,
 * workflow steps, queue consumers, schedules): every log line of an invocation carries the
 * invocation's context, and the keys appended during it (request id, operation, step) end with
 * it. The logger comes from the handler's dependencies, read when the invocation starts.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { InvocationLogger } from '#shared/domain/kernel/logger';

export function invocationLogging<E, R, C extends Context = Context>(
  logger: () => InvocationLogger,
): MiddlewareObj<E, R, Error, C> {
  return {
    name: 'invocation-logging',
    before: (request) => logger().startInvocation(request.event, request.context),
    after: () => logger().endInvocation(),
    onError: () => logger().endInvocation(),
  };
}
