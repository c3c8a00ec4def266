/**
 * Report links (docs/data-model.md "Report links"): the link in its case's partition
 * (`REPORTLINK#<run>#<link>`, listed per run) and the token lookup `REPORT#<sha256 of the token>`. Made and revoked together with their audit
 * event; both items carry the link's end as their TTL (`expires_at`, epoch seconds), and readers
 * check the end themselves, since TTL deletion is late.
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { CaseRef, RunRef } from '#shared/domain/monitor/run-ref';
import type { ReportLinkStore, StoredReportLink } from '#shared/domain/reports/ports';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { TTL_ATTRIBUTE } from './table.ts';

function toLink(item: Record<string, unknown>): StoredReportLink {
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    case_id: String(item.case_id),
    run_id: String(item.run_id),
    title: (item.title as string | null | undefined) ?? null,
    logo_url: (item.logo_url as string | null | undefined) ?? null,
    token_hash: String(item.token_hash),
    created_at: String(item.created_at),
    expires_at: String(item.link_expires_at),
  };
}

/** The link's fields as both items store them (the ISO end apart from the TTL number). */
function stored(link: StoredReportLink) {
  const { expires_at, ...rest } = link;
  return {
    ...rest,
    link_expires_at: expires_at,
    [TTL_ATTRIBUTE]: Math.ceil(Date.parse(expires_at) / 1000),
  };
}

function refOf(link: StoredReportLink): CaseRef {
  return { owner_id: link.account_id, case_id: link.case_id };
}

function createLink(db: Db, link: StoredReportLink, audit: AuditEvent) {
  const ref = refOf(link);
  return auditedWrite(db, audit, [
    {
      Put: {
        TableName: db.tableName,
        Item: { ...KEYS.reportLink(ref, link.run_id, link.id), ...stored(link) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: { ...KEYS.reportToken(link.token_hash), ...stored(link) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

async function listLinks(db: Db, ref: RunRef): Promise<StoredReportLink[]> {
  const links = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': KEYS.casePartition(ref),
        ':prefix': `${SK_PREFIX.reportLink}${ref.run_id}#`,
      },
      ConsistentRead: true,
    },
    toLink,
  );
  return links.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/** A link of the case by id (its run is not known yet: one query over the case's links). */
async function getLink(db: Db, ref: CaseRef, linkId: string) {
  const links = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'id = :id',
      ExpressionAttributeValues: {
        ':pk': KEYS.casePartition(ref),
        ':prefix': SK_PREFIX.reportLink,
        ':id': linkId,
      },
      ConsistentRead: true,
    },
    toLink,
  );
  return links[0];
}

function revokeLink(db: Db, link: StoredReportLink, audit: AuditEvent) {
  const ref = refOf(link);
  return auditedWrite(db, audit, [
    {
      Delete: {
        TableName: db.tableName,
        Key: KEYS.reportLink(ref, link.run_id, link.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: db.tableName, Key: KEYS.reportToken(link.token_hash) } },
  ]);
}

async function findByTokenHash(db: Db, tokenHash: string) {
  const item = await readItem(db, KEYS.reportToken(tokenHash));
  return item ? toLink(item) : undefined;
}

export function createReportLinksRepository(doc: Db['doc'], tableName: string): ReportLinkStore {
  const db: Db = { doc, tableName };
  return {
    createLink: (link, audit) => createLink(db, link, audit),
    listLinks: (ref) => listLinks(db, ref),
    getLink: (ref, linkId) => getLink(db, ref, linkId),
    revokeLink: (link, audit) => revokeLink(db, link, audit),
    findByTokenHash: (tokenHash) => findByTokenHash(db, tokenHash),
  };
}
