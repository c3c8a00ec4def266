/**
 * Everything an account owns, as the table holds it (docs/data-model.md "Export and erasure"):
 * the listings that find it (an owner index of gsi1, or a partition) and, for each item listed,
 * what it stands for (a case's partition with its runs' partitions, a domain's history with its
 * access logs, a batch's rows...). The export reads these pages in order with a cursor; the
 * erasure deletes what each first page finds until a page finds nothing (export and erasure
 * repositories).
 */

import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { unpackScan } from './scan-outbox.ts';

/** Where a phase lists its items: an owner listing of gsi1, or (a prefix of) a partition. */
export type WalkSource =
  | { kind: 'index'; partition: string }
  | { kind: 'partition'; pk: string; prefix?: string };

export interface WalkPhase {
  name: string;
  source(accountId: string): WalkSource;
  pageSize: number;
  /**
   * The partitions an item listed here stands for, the item's own included: read whole in its
   * place by the export, deleted whole by the erasure.
   */
  partitionsOf?(accountId: string, item: Item): string[];
}

type Item = Record<string, unknown>;

const text = (value: unknown) => String(value ?? '');

/** The pk of a partition named in another item: a case's, a run's data, a batch's. */
const casePk = (accountId: string, item: Item) =>
  KEYS.monitorCase({
    owner_id: accountId,
    case_id: text(item.id),
  }).pk;

export const PHASES = {
  plan: {
    name: 'plan',
    source: (accountId: string): WalkSource => ({
      kind: 'partition',
      pk: KEYS.user(accountId).pk,
      prefix: 'USER',
    }),
    pageSize: 10,
  },
  team: {
    name: 'team',
    source: (accountId: string): WalkSource => ({
      kind: 'partition',
      pk: KEYS.account(accountId).pk,
    }),
    pageSize: 100,
  },
  cases: {
    name: 'cases',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.userCases(accountId),
    }),
    pageSize: 3,
    // The case partition lists its runs; each run has a data partition of its own.
    partitionsOf: (accountId: string, item: Item) => [casePk(accountId, item)],
  },
  domains: {
    name: 'domains',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.userDomains(accountId),
    }),
    pageSize: 10,
    partitionsOf: (accountId: string, item: Item) => {
      const domain = text(item.domain);
      return [KEYS.agentLogs(accountId, domain), KEYS.accountDomain(accountId, domain).pk];
    },
  },
  scans: {
    name: 'scans',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.userScans(accountId),
    }),
    pageSize: 100,
  },
  batches: {
    name: 'batches',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.userBatchJobs(accountId),
    }),
    pageSize: 5,
    partitionsOf: (_accountId: string, item: Item) => [text(item.pk)],
  },
  webhooks: {
    name: 'webhooks',
    source: (accountId: string): WalkSource => ({
      kind: 'partition',
      pk: KEYS.webhookCount(accountId).pk,
      prefix: SK_PREFIX.webhookEndpoint,
    }),
    pageSize: 50,
  },
  deliveries: {
    name: 'deliveries',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.accountDeliveries(accountId),
    }),
    pageSize: 100,
  },
  keys: {
    name: 'keys',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.userKeys(accountId),
    }),
    pageSize: 100,
  },
  events: {
    name: 'events',
    source: (accountId: string): WalkSource => ({
      kind: 'index',
      partition: GSI.accountEvents(accountId),
    }),
    pageSize: 100,
  },
  audit: {
    name: 'audit',
    source: (accountId: string): WalkSource => ({
      kind: 'partition',
      pk: KEYS.auditLog(accountId),
    }),
    pageSize: 200,
  },
  quota: {
    name: 'quota',
    source: (accountId: string): WalkSource => ({
      kind: 'partition',
      pk: KEYS.quota(`BATCH#${accountId}`, '').pk,
    }),
    pageSize: 100,
  },
} as const satisfies Record<string, WalkPhase>;

/** The query of one page of a phase's listing. */
export function pageQuery(
  tableName: string,
  source: WalkSource,
  limit: number,
  startKey: Record<string, unknown> | undefined,
) {
  const base = { TableName: tableName, Limit: limit, ExclusiveStartKey: startKey };
  if (source.kind === 'index') {
    return {
      ...base,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': source.partition },
    };
  }
  return {
    ...base,
    ConsistentRead: true,
    KeyConditionExpression: source.prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': source.pk,
      ...(source.prefix ? { ':prefix': source.prefix } : {}),
    },
  };
}

/** The run data partitions a case partition's items name (its `RUN#` items). */
export function runPartitionsOf(accountId: string, caseItems: readonly Item[]): string[] {
  return caseItems
    .filter((item) => text(item.sk).startsWith(SK_PREFIX.monitorRun))
    .map((item) =>
      KEYS.monitorRunData({
        owner_id: accountId,
        run_id: text(item.sk).slice(SK_PREFIX.monitorRun.length),
      }),
    );
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

/** What an item is, as an export line names it, from its sort key; null: not exported. */
function typeOf(item: Item): string | null {
  const sk = text(item.sk);
  const pk = text(item.pk);
  const exact: Record<string, string> = {
    USER: 'account',
    CASE: 'case',
    DOMAIN: 'domain_history',
    SITE: 'domain_site',
    SCAN: 'scan',
    JOB: 'batch',
    DELIVERY: 'webhook_delivery',
    APIKEY: 'key',
    EVENT: 'event',
    READINESS: 'run_readiness',
  };
  if (exact[sk]) return exact[sk] as string;
  const prefixes: [string, string][] = [
    ['MEMBER#', 'member'],
    ['INVITE#', 'invitation'],
    ['RUN#', 'run'],
    ['SUMMARY#', 'run_summary'],
    ['ANSWER#', 'answer'],
    ['JUDGE#', 'judgement'],
    ['FAMILY#', 'run_family'],
    ['INDEX#', 'answer_index'],
    ['SCAN#', 'domain_scan'],
    ['INGEST#', 'agent_log'],
    ['DAY#', 'agent_log_day'],
    ['ROW#', 'batch_row'],
    ['ENDPOINT#', 'webhook'],
  ];
  for (const [prefix, type] of prefixes) if (sk.startsWith(prefix)) return type;
  if (pk.endsWith('#AUDIT')) return 'audit_event';
  return null;
}

/** One export line of an item: its type and its attributes, never a secret or a hash. */
export function exportLine(item: Item): string | null {
  const type = typeOf(item);
  if (!type) return null;
  const data: Item = {};
  // A scan's checks are stored packed as one string (scan-outbox.ts): exported as before.
  for (const [name, value] of Object.entries(type === 'scan' ? unpackScan(item) : item)) {
    if (!KEY_ATTRIBUTES.has(name)) data[name] = value;
  }
  // Webhooks without their signing secrets, keys as their listing shows them, invitations
  // without the hash of their link.
  if (type === 'webhook') delete data.secrets;
  if (type === 'invitation') delete data.token_hash;
  if (type === 'key') {
    for (const name of Object.keys(data)) {
      if (
        ![
          'id',
          'hint',
          'name',
          'scopes',
          'plugin',
          'created_at',
          'revoked_at',
          'created_by',
        ].includes(name)
      ) {
        delete data[name];
      }
    }
  }
  if (type === 'account') {
    return JSON.stringify({
      type,
      data: { id: data.id, email: data.email, created_at: data.created_at, plan: data.account },
    });
  }
  return JSON.stringify({ type, data });
}
