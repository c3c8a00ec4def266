/**
 * What the report links keep (docs/data-model.md "Report links"): the link in its case's
 * partition (listed per run), and a lookup by the SHA-256 of its token. The token itself is never
 * stored; both items expire with the link.
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { CaseRef, RunRef } from '#shared/domain/monitor/run-ref';

export interface StoredReportLink {
  id: string;
  account_id: string;
  case_id: string;
  run_id: string;
  title: string | null;
  logo_url: string | null;
  /** SHA-256 (hex) of the token the link's address carries. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface ReportLinkStore {
  /** Writes the link, its token lookup and its `report_link.created` event at once. */
  createLink(link: StoredReportLink, audit: AuditEvent): Promise<boolean>;
  /** A run's links, newest first. */
  listLinks(ref: RunRef): Promise<StoredReportLink[]>;
  getLink(ref: CaseRef, linkId: string): Promise<StoredReportLink | undefined>;
  /** Removes the link and its token lookup with the event, at once; false when it was gone. */
  revokeLink(link: StoredReportLink, audit: AuditEvent): Promise<boolean>;
  /** The link a token's hash names (also an expired one: the caller checks). */
  findByTokenHash(tokenHash: string): Promise<StoredReportLink | undefined>;
}
