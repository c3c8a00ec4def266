import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface StoreClientOptions {
  region: string;
  /** Local stack endpoint (dynalite); unset on AWS. */
  endpoint?: string | undefined;
}

/**
 * One document client per process. Timeouts are short and attempts few: an API call waiting on
 * an unreachable store must turn into a 503 quickly, not hang until the Lambda times out.
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
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
