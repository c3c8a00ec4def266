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
} as const;

/** Sort-key prefixes for queries inside one partition. */
export const SK_PREFIX = {
  batchRow: 'ROW#',
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
} as const;
