/**
 * The platform every area shares: configuration and the store client, each built once per
 * process. Areas build their own dependencies on top of these (`shared/<area>/composition.ts`).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { type Config, loadConfig } from '#shared/wiring/config';
import { lazy } from './lazy.ts';

export const getConfig = lazy((): Config => loadConfig());

export const getDocumentClient = lazy(
  (): DynamoDBDocumentClient => {
    const config = getConfig();
    return createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  },
  (doc) => doc.destroy(),
);

export interface StoreHandle {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export function getStore(): StoreHandle {
  return { doc: getDocumentClient(), tableName: getConfig().TABLE_NAME };
}
