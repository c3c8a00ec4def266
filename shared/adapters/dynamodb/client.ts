/**
 * The DynamoDB document client every repository uses: short timeouts, few attempts, and
 * transient store failures turned into `UnavailableError` (503 with Retry-After).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UnavailableError } from '#shared/domain/kernel/errors';

/**
 * The one document client and table every repository function works on: each repository is a
 * set of module-level functions taking this as their first argument, and its factory maps the
 * port's methods onto them.
 */
export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export interface StoreClientOptions {
  region: string;
  /** Local stack endpoint (dynalite); unset on AWS. */
  endpoint?: string | undefined;
  /** Wraps the base client before the document client is made from it (X-Ray tracing). */
  capture?: (client: DynamoDBClient) => DynamoDBClient;
}

const TRANSIENT_ERROR_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
]);

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/**
 * True for failures that say nothing about the request: the store is throttling, failing or
 * unreachable. Conditional-check failures, validation errors and the like are not transient.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error as Error & {
    $fault?: string;
    $retryable?: unknown;
    $metadata?: unknown;
    code?: string;
  };
  if (details.$fault === 'server' || details.$retryable !== undefined) return true;
  if (TRANSIENT_ERROR_NAMES.has(error.name)) return true;
  // No service response at all: connection refused or reset, DNS, socket timeout.
  return details.code !== undefined && NETWORK_ERROR_CODES.has(details.code);
}

/**
 * One document client per process. Timeouts are short and attempts few: an API call waiting on
 * an unreachable store must turn into a 503 quickly, not hang until the Lambda times out. Transient
 * failures leave the client as `UnavailableError`, so every caller answers 503 with Retry-After.
 */
export function createDocumentClient(options: StoreClientOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: options.region,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          // The local emulator accepts any credentials; never look for real ones locally.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  const doc = DynamoDBDocumentClient.from(options.capture?.(client) ?? client, {
    marshallOptions: { removeUndefinedValues: true },
  });
  doc.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (isTransientStoreError(error)) {
          throw new UnavailableError(
            'service_unavailable',
            'The data store is temporarily unavailable. Please retry shortly.',
            { cause: error },
          );
        }
        throw error;
      }
    },
    { step: 'initialize', priority: 'high', name: 'transientStoreErrors' },
  );
  return doc;
}
