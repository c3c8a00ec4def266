/**
 * Every item key, key prefix and index name of the single table, in one place
 * (docs/data-model.md describes the access patterns). Repositories build keys only through
 * these functions, so a prefix cannot drift between a writer and a reader.
 */
import type { CaseRef, RunRef } from '#shared/domain/monitor/run-ref';

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

/** A run's data partition needs only its owner and its id, not its case. */
type RunDataRef = Pick<RunRef, 'owner_id' | 'run_id'>;

/**
 * Leading key of a key's request accounting: its window counters and its last use (the IAM
 * condition of read-only functions, which may update these items and no others).
 */
export const REQUEST_RATE_PREFIX = 'RATE#';

export const KEYS = {
  user: (userId: string) => key(`USER#${userId}`, 'USER'),
  email: (email: string) => key(`EMAIL#${email}`, 'EMAIL'),
  apiKey: (hash: string) => key(`APIKEY#${hash}`, 'APIKEY'),
  /** How many of the account's keys are active: the atomic 50-key cap. */
  keySlots: (userId: string) => key(`USER#${userId}`, 'KEYSLOTS'),
  scan: (scanId: string) => key(`SCAN#${scanId}`, 'SCAN'),
  /** The latest scan of a domain: a pointer moved forward by every newer scan (the badge). */
  domainLatestScan: (domain: string) => key(`DOMAIN#${domain}`, 'LATEST_SCAN'),
  // Scan history: an account's domain has a partition holding its summary (latest, previous,
  // trend) and one small item per scan (scores per check, no findings), newest last by sort key.
  accountDomain: (ownerId: string, domain: string) =>
    key(accountDomainPk(ownerId, domain), 'DOMAIN'),
  accountDomainScan: (ownerId: string, domain: string, createdAt: string, scanId: string) =>
    key(accountDomainPk(ownerId, domain), `SCAN#${createdAt}#${scanId}`),
  /** robots.txt and sitemap paths of the account's latest scan of the domain (agent analytics). */
  accountDomainSite: (ownerId: string, domain: string) =>
    key(accountDomainPk(ownerId, domain), 'SITE'),
  statsCounters: (version: number) => key(`STATS#v${version}`, 'COUNTERS'),
  /** One of the counter shards of a scoring version (each its own partition: no hot item). */
  statsShard: (version: number, shard: number) =>
    key(`STATS#v${version}#SHARD#${shard}`, 'COUNTERS'),
  statsDomainSeen: (version: number, domainHash: string) =>
    key(`STATS#v${version}#DOMAIN#${domainHash}`, 'SEEN'),
  quota: (bucket: string, window: string) => key(`QUOTA#${bucket}`, window),
  /**
   * Requests of one API key in one fixed window (epoch seconds of its start). The partition key
   * starts with `RATE#`: the only items a read-only function may update (infra/grants.ts).
   */
  requestRate: (keyId: string, windowStart: number) =>
    key(`${REQUEST_RATE_PREFIX}${keyId}#${windowStart}`, 'RATE'),
  /**
   * When the key was last used (docs/api.md "API keys"): in the key's own `RATE#` partition, so
   * every function that accepts a key may write it under the request counters' grant.
   */
  keyLastUsed: (keyId: string) => key(`${REQUEST_RATE_PREFIX}${keyId}`, 'LAST_USED'),
  event: (eventId: string) => key(`EVENT#${eventId}`, 'EVENT'),
  /** A client's Idempotency-Key (already hashed with the caller and the route). */
  idempotency: (scopedKeyHash: string) => key(`IDEM#${scopedKeyHash}`, 'IDEM'),
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
  // Monitor: a case, its runs, their summaries, the pending-run lock and the monthly markers
  // share the case's partition under its owner, so every read is keyed by the owner; the
  // answers and judge replies of a run have a partition of their own (docs/monitor.md).
  monitorCase: (ref: CaseRef) => key(monitorCasePk(ref), 'CASE'),
  /** Finds a case's owner from its id alone: `monitor:admin` reads and the workflow steps. */
  monitorCaseOwner: (caseId: string) => key(`CASE#${caseId}`, 'OWNER'),
  /**
   * Which of an owner's cases holds an identity (name, domain, category, region, languages); one
   * partition per owner, so an account's erasure deletes its claims whole.
   */
  monitorCaseIdentity: (ownerId: string, identity: string) =>
    key(`CASEIDENTITY#${ownerId}`, `CLAIM#${identity}`),
  monitorRun: (run: RunRef) => key(monitorCasePk(run), `RUN#${run.run_id}`),
  monitorRunSummary: (run: RunRef) => key(monitorCasePk(run), `SUMMARY#${run.run_id}`),
  monitorRunLock: (ref: CaseRef) => key(monitorCasePk(ref), 'RUNLOCK'),
  monitorPeriod: (ref: CaseRef, period: string) => key(monitorCasePk(ref), `MONTHLY#${period}`),
  // Alerts (docs/data-model.md "Alerts"): a case's rules, their count, each rule's firings (one
  // per run, newest last by run id) and the case's digest, in the case's partition.
  alertRule: (ref: CaseRef, alertId: string) =>
    key(monitorCasePk(ref), `${SK_PREFIX.alertRule}${alertId}`),
  alertCount: (ref: CaseRef) => key(monitorCasePk(ref), 'ALERTCOUNT'),
  alertFiring: (ref: CaseRef, alertId: string, runId: string) =>
    key(monitorCasePk(ref), `${SK_PREFIX.alertFiring}${alertId}#${runId}`),
  caseDigest: (ref: CaseRef) => key(monitorCasePk(ref), 'DIGEST'),
  /** The partition of a case (its rules and firings are queried there by prefix). */
  casePartition: (ref: CaseRef) => monitorCasePk(ref),
  // Report links: the link in its case's partition (listed per run), found from its token's hash.
  reportLink: (ref: CaseRef, runId: string, linkId: string) =>
    key(monitorCasePk(ref), `${SK_PREFIX.reportLink}${runId}#${linkId}`),
  reportToken: (tokenHash: string) => key(`REPORT#${tokenHash}`, 'REPORT'),
  /** The partition of a run's answers, judge replies, family states and readiness gaps. */
  monitorRunData: (run: RunDataRef) => monitorRunDataPk(run),
  monitorAnswer: (run: RunDataRef, cellKey: string) =>
    key(monitorRunDataPk(run), `ANSWER#${cellKey}`),
  monitorJudgement: (run: RunDataRef, cellKey: string) =>
    key(monitorRunDataPk(run), `JUDGE#${cellKey}`),
  monitorFamily: (run: RunDataRef, family: string) =>
    key(monitorRunDataPk(run), `FAMILY#${family}`),
  /** A part of the run's answer index (AggregateRun), read by the answers list and page. */
  monitorAnswerIndex: (run: RunDataRef, part: number) =>
    key(monitorRunDataPk(run), `INDEX#${String(part).padStart(4, '0')}`),
  /** The run's readiness gaps (the ScanCitedSites step), read by AggregateRun. */
  monitorReadiness: (run: RunDataRef) => key(monitorRunDataPk(run), 'READINESS'),
  // Dashboard: a browser session and a sign-in link, each found by the SHA-256 of the secret
  // the browser or the mail holds (the secret itself is never stored); `expires_at` is checked
  // on every read as well, since TTL deletion is late (and dynalite never deletes).
  dashboardSession: (tokenHash: string) => key(`DSESSION#${tokenHash}`, 'SESSION'),
  // Agent analytics: an account's domain has a partition holding its uploads and the day pages
  // they add (docs/data-model.md "Agent analytics"); an upload's body waits in parts of its own.
  agentLogIngest: (ownerId: string, domain: string, ingestId: string) =>
    key(agentLogsPk(ownerId, domain), `${SK_PREFIX.agentLogIngest}${ingestId}`),
  agentLogDayPage: (ownerId: string, domain: string, day: string, ingestId: string, page: number) =>
    key(
      agentLogsPk(ownerId, domain),
      `${SK_PREFIX.agentLogDay}${day}#${ingestId}#${String(page).padStart(4, '0')}`,
    ),
  /** The partition of a domain's uploads and day pages (queried by sort-key prefix). */
  agentLogs: (ownerId: string, domain: string) => agentLogsPk(ownerId, domain),
  agentLogBodyPart: (bodyKey: string, part: number) =>
    key(`AGENTLOGBODY#${bodyKey}`, `PART#${String(part).padStart(4, '0')}`),
  /** The ranges dataset the monthly refresh stored (docs/agent-logs.md). */
  agentRanges: () => key('AGENTRANGES', 'CURRENT'),
  signInToken: (tokenHash: string) => key(`SIGNIN#${tokenHash}`, 'SIGNIN'),
  // Teams (docs/data-model.md "Accounts and members"): an account's members and invitations share
  // its partition; its audit log has one of its own, newest last by sort key.
  /** The account's own record (a name, an erasure under way); absent for a one-person account. */
  account: (accountId: string) => key(accountPk(accountId), 'ACCOUNT'),
  member: (accountId: string, userId: string) =>
    key(accountPk(accountId), `${SK_PREFIX.member}${userId}`),
  invitation: (accountId: string, invitationId: string) =>
    key(accountPk(accountId), `${SK_PREFIX.invitation}${invitationId}`),
  /** Finds an invitation from the SHA-256 of the token its mail carries. */
  invitationToken: (tokenHash: string) => key(`INVITETOKEN#${tokenHash}`, 'INVITATION'),
  auditEvent: (accountId: string, at: string, eventId: string) =>
    key(auditPk(accountId), `${at}#${eventId}`),
  /** The partition of an account's audit log. */
  auditLog: (accountId: string) => auditPk(accountId),
  // Billing (docs/data-model.md "Billing"): the account's billing record lives on its user item
  // beside its plan; the payment provider's customer names its account, and each provider event
  // taken has an item of its own (its claim, then its outcome).
  billingCustomer: (customerId: string) => key(`BILLING_CUSTOMER#${customerId}`, 'CUSTOMER'),
  billingEvent: (eventId: string) => key(`BILLING_EVENT#${eventId}`, 'EVENT'),
} as const;

function accountPk(accountId: string): string {
  return `ACCOUNT#${accountId}`;
}

function auditPk(accountId: string): string {
  return `ACCOUNT#${accountId}#AUDIT`;
}

function accountDomainPk(ownerId: string, domain: string): string {
  return `USER#${ownerId}#DOMAIN#${domain}`;
}

function agentLogsPk(ownerId: string, domain: string): string {
  return `USER#${ownerId}#AGENTLOGS#${domain}`;
}

function monitorCasePk(ref: CaseRef): string {
  return `USER#${ref.owner_id}#CASE#${ref.case_id}`;
}

function monitorRunDataPk(run: RunDataRef): string {
  return `USER#${run.owner_id}#RUN#${run.run_id}`;
}

/** Sort-key prefixes for queries inside one partition. */
export const SK_PREFIX = {
  batchRow: 'ROW#',
  accountDomainScan: 'SCAN#',
  webhookEndpoint: 'ENDPOINT#',
  webhookOpenDelivery: 'DELIVERY#',
  monitorRun: 'RUN#',
  monitorAnswer: 'ANSWER#',
  monitorJudgement: 'JUDGE#',
  monitorFamily: 'FAMILY#',
  agentLogIngest: 'INGEST#',
  agentLogDay: 'DAY#',
  monitorAnswerIndex: 'INDEX#',
  member: 'MEMBER#',
  invitation: 'INVITE#',
  alertRule: 'ALERT#',
  alertFiring: 'ALERTFIRE#',
  reportLink: 'REPORTLINK#',
} as const;

/** Partition values of the secondary indexes. */
export const GSI = {
  users: 'USERS',
  userKeys: (userId: string) => `USER#${userId}#KEYS`,
  keyId: (keyId: string) => `KEYID#${keyId}`,
  userBatchJobs: (userId: string) => `USER#${userId}#BATCHES`,
  /** An account's scans (keyed calls, MCP, batches, the dashboard), newest first by sort key. */
  userScans: (userId: string) => `USER#${userId}#SCANS`,
  /** An account's scanned domains (their summaries), most recently scanned first. */
  userDomains: (userId: string) => `USER#${userId}#DOMAINS`,
  /** An account's events, newest last. */
  accountEvents: (accountId: string) => `USER#${accountId}#EVENTS`,
  /** Jobs not finished yet: the local stack resumes them at start. */
  openBatchJobs: 'BATCHES#OPEN',
  /** Scans saved whose side effects (stats, event) are not settled yet: the outbox. */
  unsettledScans: 'SCANS#UNSETTLED',
  /** An account's webhook deliveries, newest last. */
  accountDeliveries: (accountId: string) => `USER#${accountId}#WHDELIVERIES`,
  /** An account's Slack and mail deliveries (alerts, digests), newest last. */
  channelDeliveries: (accountId: string) => `USER#${accountId}#CHDELIVERIES`,
  /**
   * Deliveries not final yet, across accounts (the local stack resumes them), spread over 16
   * partitions by the first hex digit of the delivery id so no single index partition is hot.
   */
  openDeliveries: (shard: string) => `WHDELIVERIES#OPEN#${shard}`,
  /** An account's monitor cases, newest first. */
  userCases: (ownerId: string) => `USER#${ownerId}#CASES`,
  /** Every case of every account (monitor:admin lists, the monthly schedule, the simulator). */
  allCases: 'CASES',
  /** Monitor runs not finished yet: the local stack resumes them at start. */
  openRuns: 'RUNS#OPEN',
  /** A user's dashboard sessions, oldest first (listed and revoked on the dashboard). */
  userSessions: (userId: string) => `USER#${userId}#SESSIONS`,
  /** The accounts a user is a member of (their membership items), oldest first. */
  userAccounts: (userId: string) => `USER#${userId}#ACCOUNTS`,
} as const;

/** The shards of GSI.openDeliveries. */
export const OPEN_DELIVERY_SHARDS = '0123456789abcdef'.split('');
