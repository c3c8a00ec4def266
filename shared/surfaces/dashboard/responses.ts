/** What a dashboard operation answers: a page, a redirect, or a download. */
import type { z } from 'zod';
import type { SessionPrincipal } from '#shared/domain/accounts/principal';
import { AppError, BadRequestError, type ErrorCodeName } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { ShownError } from '#shared/surfaces/dashboard/views/components';
import { PAGE_HEADERS, type Viewer } from '#shared/surfaces/dashboard/views/layout';
import { describeIssues } from '#shared/surfaces/http/validate';

export interface PageResponse {
  body: string;
  status?: number;
  headers?: Record<string, string>;
}

export function htmlPage(
  body: string,
  status = 200,
  headers: Record<string, string> = {},
): PageResponse {
  return { body, status, headers: { ...PAGE_HEADERS, ...headers } };
}

/** Post/Redirect/Get: after a change, the browser loads the page that shows it. */
export function redirect(location: string, headers: Record<string, string> = {}): PageResponse {
  return { body: '', status: 303, headers: { ...PAGE_HEADERS, location, ...headers } };
}

/** What a page of a signed-in person receives: the session gate's principal, typed. */
export type SessionInput<Params = undefined, Query = undefined, Body = undefined> = OperationInput<
  Params,
  Query,
  Body,
  SessionPrincipal
>;

/** The signed-in person, for the page frame and the CSRF field of every form. */
export function viewerOf(principal: SessionPrincipal): Viewer {
  return { email: principal.email, csrfToken: principal.csrfToken };
}

/**
 * Which form field an area's error code is about (`invalid_url` -> `url`), so a page can show
 * the message at that field. Issues of a schema check name their field by their path.
 */
export type FieldOfCode = Readonly<Partial<Record<string, string>>>;

interface IssueLike {
  path?: unknown[];
  message?: string;
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
}

/** A schema issue in words for people ("Choose at least one."), not the schema's wording. */
export function humanIssue(issue: IssueLike): string {
  if (issue.code === 'too_small') {
    if (issue.origin === 'array' || issue.origin === 'set') return 'Choose at least one.';
    return issue.minimum === 1
      ? 'This field is required.'
      : `Enter at least ${issue.minimum} characters.`;
  }
  if (issue.code === 'too_big') {
    return issue.origin === 'array'
      ? `Choose at most ${issue.maximum}.`
      : `Too long: at most ${issue.maximum} characters.`;
  }
  if (issue.code === 'invalid_format') return 'This is not in the expected format.';
  if (issue.code === 'invalid_value' || issue.code === 'invalid_type') {
    return 'This value is not one of the choices.';
  }
  return issue.message ?? 'Please check this field.';
}

function fieldsOf(
  error: AppError,
  issues: IssueLike[] | undefined,
  fieldOf: FieldOfCode | undefined,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const name = issue.path?.[0];
    if (typeof name === 'string' && !(name in fields)) fields[name] = humanIssue(issue);
  }
  const byCode = fieldOf?.[error.code];
  if (byCode && !(byCode in fields)) fields[byCode] = error.message;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * An AppError as a person reads it; anything else is not caught by the pages. With `fieldOf`,
 * the error also carries its messages by field (`ShownError.fields`).
 */
export function shownError(error: unknown, fieldOf?: FieldOfCode): ShownError | undefined {
  if (!(error instanceof AppError)) return undefined;
  const issues = Array.isArray(error.details?.issues)
    ? (error.details.issues as IssueLike[])
    : undefined;
  const fields = fieldsOf(error, issues, fieldOf);
  return {
    message: error.message,
    ...(issues
      ? {
          issues: issues.map((issue) =>
            [issue.path?.join('.'), issue.message].filter(Boolean).join(': '),
          ),
        }
      : {}),
    ...(fields ? { fields } : {}),
  };
}

/**
 * Runs an area operation; an AppError becomes the error a page shows, with its status (and,
 * with `fieldOf`, its messages by field).
 */
export async function attempt<T>(
  run: () => Promise<T>,
  fieldOf?: FieldOfCode,
): Promise<
  | { ok: true; value: T }
  | { ok: false; error: ShownError; status: number; details: Record<string, unknown> }
> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const shown = shownError(error, fieldOf);
    if (!shown || !(error instanceof AppError)) throw error;
    return { ok: false, error: shown, status: error.status, details: error.details ?? {} };
  }
}

/**
 * Checks a value built from a form against the area's own request schema, exactly as the API
 * route would (the same 400 and the same issues), so no rule is written twice.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: ErrorCodeName = 'invalid_request',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequestError(
    code,
    `Please check the form: ${describeIssues(parsed.error.issues)}.`,
    {
      details: {
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path,
          message: issue.message,
          code: issue.code,
          ...('minimum' in issue ? { minimum: issue.minimum, origin: issue.origin } : {}),
          ...('maximum' in issue ? { maximum: issue.maximum, origin: issue.origin } : {}),
        })),
      },
    },
  );
}

/** Notices after a redirect: fixed texts by code, so a link can never make a page say anything. */
export const NOTICES = {
  key_revoked: 'The key is revoked: requests with it are refused from now on.',
  session_revoked: 'That session is signed out.',
  case_saved: 'The case is saved. Runs already under way keep measuring it as it was.',
  run_started: 'The run has started; its status updates below.',
  competitor_tracked:
    'The brand is now a tracked competitor: the next run asks about it and counts it in share of answer.',
  case_archived:
    'The case is archived: no run starts for it, and its runs and summaries stay readable. Restore it to measure again.',
  case_restored: 'The case is active again: monthly runs measure it from now on.',
  prompts_saved:
    'The prompts are saved: the next run asks exactly the ones listed as asked. Runs before and after the change are not compared as a trend.',
  translations_saved:
    'The case fields in its other languages are saved: the prompts below are written with them.',
  webhook_saved: 'The endpoint is saved.',
  webhook_paused: 'The endpoint is paused: new deliveries are held until you resume it.',
  webhook_resumed: 'The endpoint is active again; held deliveries are being sent.',
  webhook_deleted: 'The endpoint is deleted, with every delivery still waiting for it.',
  test_delivered: 'The test event was delivered: the receiver answered with a 2xx status.',
  test_failed: 'The test event was not delivered; see the latest delivery below for why.',
  redelivery_started: 'The delivery is being sent again; its status updates below.',
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeText(code: unknown): string | undefined {
  return typeof code === 'string' && code in NOTICES ? NOTICES[code as NoticeCode] : undefined;
}
