/**
 * The shared shape of a Step Functions task handler: the state's input validated with zod, one
 * operation called, its output returned. Errors keep their class name, which Step Functions
 * reports as the error name that `Retry` and `Catch` match (`UnavailableError` is retried). The
 * entry hands in the operation's dependencies and the logger.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import type { InvocationLogger } from '#shared/domain/kernel/logger';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';

export class StepInputError extends Error {
  override readonly name = 'StepInputError';
}

export function createStepHandler<S extends z.ZodType, D, O>(
  stepName: string,
  schema: S,
  operation: (input: z.output<S>, deps: D) => Promise<O>,
  getDeps: () => D,
  logger: () => InvocationLogger,
) {
  return middy<unknown, O, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(invocationLogging<unknown, O>(logger))
    .handler(async (event) => {
      logger().appendKeys({ step: stepName });
      const parsed = schema.safeParse(event);
      if (!parsed.success) {
        throw new StepInputError(`${stepName}: invalid input: ${parsed.error.message}`);
      }
      return operation(parsed.data, getDeps());
    });
}
