/**
 * Every item key, key prefix and index name of the single table, in one place
 * (docs/data-model.md describes the access patterns). Repositories build keys only through
 * these functions, so a prefix cannot drift between a writer and a reader.
 */
export const INDEX = {
  /** Owner listings: a user's keys, jobs, cases; the user list. */
  byOwner: 'gsi1',
  /** Alternate ids and work queues: a key by its public id, open jobs, ... */
  byAlternateId: 'gsi2',
} as const;

export interface ItemKey {
  pk: string;
  sk: string;
}

const key = (pk: string, sk: string): ItemKey => ({ pk, sk });

export const KEYS = {
  user: (userId: string) => key(`USER#${userId}`, 'USER'),
  email: (email: string) => key(`EMAIL#${email}`, 'EMAIL'),
  apiKey: (hash: string) => key(`APIKEY#${hash}`, 'APIKEY'),
  scan: (scanId: string) => key(`SCAN#${scanId}`, 'SCAN'),
  statsCounters: (version: number) => key(`STATS#v${version}`, 'COUNTERS'),
  statsDomainSeen: (version: number, domainHash: string) =>
    key(`STATS#v${version}#DOMAIN#${domainHash}`, 'SEEN'),
  quota: (bucket: string, window: string) => key(`QUOTA#${bucket}`, window),
  event: (eventId: string) => key(`EVENT#${eventId}`, 'EVENT'),
  batchJob: (jobId: string) => key(`BATCH#${jobId}`, 'JOB'),
  batchRow: (jobId: string, index: number) =>
    key(`BATCH#${jobId}`, `ROW#${String(index).padStart(6, '0')}`),
  // Webhooks: endpoints, their URL claims and the per-account count share the account's
  // webhook partition, so every read is keyed by the account.
  webhookEndpoint: (accountId: string, endpointId: string) =>
    key(`USER#${accountId}#WEBHOOKS`, `ENDPOINT#${endpointId}`),
  webhookUrlClaim: (accountId: string, urlHash: string) =>
    key(`USER#${accountId}#WEBHOOKS`, `URL#${urlHash}`),
  webhookCount: (accountId: string) => key(`USER#${accountId}#WEBHOOKS`, 'COUNT'),
  webhookDelivery: (accountId: string, deliveryId: string) =>
    key(`USER#${accountId}#WHDELIVERY#${deliveryId}`, 'DELIVERY'),
  /** Marks a delivery not final yet (pending or held), in its endpoint's own partition. */
  webhookOpenDelivery: (accountId: string, endpointId: string, deliveryId: string) =>
    key(`USER#${accountId}#WEBHOOK#${endpointId}#OPEN`, `DELIVERY#${deliveryId}`),
} as const;

/** Sort-key prefixes for queries inside one partition. */
export const SK_PREFIX = {
  batchRow: 'ROW#',
  webhookEndpoint: 'ENDPOINT#',
  webhookOpenDelivery: 'DELIVERY#',
} as const;

/** Partition values of the secondary indexes. */
export const GSI = {
  users: 'USERS',
  userKeys: (userId: string) => `USER#${userId}#KEYS`,
  keyId: (keyId: string) => `KEYID#${keyId}`,
  userBatchJobs: (userId: string) => `USER#${userId}#BATCHES`,
  /** An account's events, newest last. */
  accountEvents: (accountId: string) => `USER#${accountId}#EVENTS`,
  /** Jobs not finished yet: the local stack resumes them at start. */
  openBatchJobs: 'BATCHES#OPEN',
  /** An account's webhook deliveries, newest last. */
  accountDeliveries: (accountId: string) => `USER#${accountId}#WHDELIVERIES`,
  /**
   * Deliveries not final yet, across accounts (the local stack resumes them), spread over 16
   * partitions by the first hex digit of the delivery id so no single index partition is hot.
   */
  openDeliveries: (shard: string) => `WHDELIVERIES#OPEN#${shard}`,
} as const;

/** The shards of GSI.openDeliveries. */
export const OPEN_DELIVERY_SHARDS = '0123456789abcdef'.split('');
