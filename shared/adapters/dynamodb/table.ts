/**
 * The single table's physical shape, shared by CDK (infra/) and the local stack (local/), so the
 * two cannot drift. Access patterns are documented in docs/data-model.md.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
} as const;

export const TABLE_INDEXES = [
  /** Owner listings: a user's keys, the user list. */
  { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Alternate ids: an API key by its public key id. */
  { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

/** Epoch seconds after which DynamoDB TTL may delete the item (counters, markers). */
export const TTL_ATTRIBUTE = 'expires_at';
