/**
 * Short names for the generated types a caller meets most: request bodies and the bodies of
 * successful answers. Everything else is in `components['schemas']` and `operations`.
 */
import type { components, operations } from './generated/openapi.ts';

type Ok<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends Record<200, { content: { 'application/json': infer B } }>
    ? B
    : R extends Record<201, { content: { 'application/json': infer B } }>
      ? B
      : R extends Record<202, { content: { 'application/json': infer B } }>
        ? B
        : never
  : never;

/** The body of an operation's successful answer, by operation id (`ResponseOf<'get_scan'>`). */
export type ResponseOf<Op extends keyof operations> = Ok<Op>;

type Schemas = components['schemas'];
export type Scan = Schemas['Scan'];
export type ScanSummary = Schemas['ScanSummary'];
export type Stats = Schemas['Stats'];
export type BatchJob = Schemas['BatchJob'];
export type BatchResultRow = Schemas['BatchResultRow'];
export type CaseListEntry = Schemas['CaseListEntry'];
export type CaseDetail = Schemas['CaseDetail'];
export type Run = Schemas['Run'];
export type CreateCaseRequest = Schemas['CreateCaseRequest'];
export type PatchCaseRequest = Schemas['PatchCaseRequest'];
export type CreateWebhookRequest = Schemas['CreateWebhookRequest'];
export type UpdateWebhookRequest = Schemas['UpdateWebhookRequest'];
export type ErrorBody = Schemas['Error'];
