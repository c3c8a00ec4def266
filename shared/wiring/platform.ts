/**
 * The platform every area shares: the configuration of this process's wiring, the clock and the
 * store client, built once per wiring. Areas build their own dependencies on top of these
 * (`shared/wiring/<area>.ts`).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import type { Clock } from '#shared/domain/kernel/clock';
import type { Config } from '#shared/wiring/config';
import { lazy, wiringSettings } from './lazy.ts';
import { traced } from './observability.ts';

export function getConfig(): Config {
  return wiringSettings().config;
}

/** The one clock of every area: the system's. */
export function getClock(): Clock {
  return systemClock;
}

export const getDocumentClient = lazy(
  ({ config, wrapStoreClient }): DynamoDBDocumentClient =>
    createDocumentClient({
      region: config.AWS_REGION,
      endpoint: config.DYNAMODB_ENDPOINT,
      capture: (client) => traced(wrapStoreClient?.(client) ?? client),
    }),
  (doc) => doc.destroy(),
);

export interface StoreHandle {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export function getStore(): StoreHandle {
  return { doc: getDocumentClient(), tableName: getConfig().TABLE_NAME };
}
