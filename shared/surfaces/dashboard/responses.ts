/** What a dashboard operation answers: a page, a redirect, or a download. */
import type { z } from 'zod';
import type { SessionPrincipal } from '#shared/domain/accounts/principal';
import { AppError, BadRequestError, type CodeOf } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { ShownError } from '#shared/surfaces/dashboard/views/components';
import { PAGE_HEADERS, type Viewer } from '#shared/surfaces/dashboard/views/layout';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import type { Html } from '#shared/surfaces/http/html';

export interface PageResponse {
  body: string;
  status?: number;
  headers?: Record<string, string>;
}

/** A finished page (a layout's markup) as the response: the dashboard's headers, its status. */
export function htmlPage(
  page: Html,
  status = 200,
  headers: Record<string, string> = {},
): PageResponse {
  return { body: page.toString(), status, headers: { ...PAGE_HEADERS, ...headers } };
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

/**
 * The signed-in person, for the page frame and the CSRF field of every form, with their role in
 * the account shown and what it allows (the pages hide what it cannot use).
 */
export function viewerOf(principal: SessionPrincipal): Viewer {
  return {
    email: principal.email,
    csrfToken: principal.csrfToken,
    role: principal.role,
    can: (scope) => principal.scopes.has(scope),
  };
}

/** An AppError as a person reads it (its message, written for people); anything else is not. */
export function shownError(error: unknown): ShownError | undefined {
  return error instanceof AppError ? { message: error.message } : undefined;
}

/**
 * Runs an area operation outside a form (a list a page reads); an AppError becomes the error the
 * page shows, with its status. Forms go through `form-kit/form.ts#submitForm` instead, which
 * puts each refusal at its field.
 */
export async function attempt<T>(
  run: () => Promise<T>,
): Promise<
  | { ok: true; value: T }
  | { ok: false; error: ShownError; status: number; details: Record<string, unknown> }
> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const shown = shownError(error);
    if (!shown || !(error instanceof AppError)) throw error;
    const status = httpStatusOf(error.code);
    return { ok: false, error: shown, status, details: error.details ?? {} };
  }
}

/** The value at an issue's path, to say how long a refused text was. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Checks a value built from a form against the area's own request schema, exactly as the API
 * route would (the same rules), so no rule is written twice. The issues are kept as data (path,
 * code, limits, the refused text's length) for the form's message table; the message names no
 * validator wording.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: CodeOf<'invalid'> = 'invalid_request',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => {
    const refused = valueAt(value, issue.path);
    return {
      path: issue.path,
      code: issue.code,
      ...('origin' in issue ? { origin: issue.origin } : {}),
      ...('minimum' in issue ? { minimum: issue.minimum } : {}),
      ...('maximum' in issue ? { maximum: issue.maximum } : {}),
      ...(typeof refused === 'string' ? { length: refused.length } : {}),
    };
  });
  throw new BadRequestError(code, 'Some values of the form cannot be used; please check them.', {
    details: { issues },
  });
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
  alert_created:
    'The alert rule is saved: it is checked after every run of this case that finishes from now on.',
  alert_deleted:
    'The alert rule is deleted: it fires no more, and its waiting deliveries are dropped.',
  digest_on: 'The digest is on: the addresses get a mail after every finished run.',
  digest_off: 'The digest is off.',
  report_link_revoked: 'The report link is revoked: its page answers “not found” from now on.',
  checkout_complete:
    'Thank you. Stripe confirms the payment to this service in a few seconds; the plan below changes to Pro once it has.',
  checkout_canceled: 'Checkout was cancelled: nothing was charged and the plan is unchanged.',
  billing_returned: 'Back from billing: what you changed there shows here once Stripe confirms it.',
  invited: 'The invitation is mailed: its link works once, for 7 days.',
  invitation_withdrawn: 'The invitation is withdrawn: its link no longer works.',
  role_changed:
    "The member's role is changed; their keys lost at once what the new role does not allow.",
  member_removed: 'The member is removed; their keys for this account no longer work.',
  transferred: 'The account is handed over: you are an admin of it now.',
  joined: 'Welcome: you are a member of this account now, and the dashboard shows it.',
  account_switched: 'The dashboard now shows this account.',
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeText(code: unknown): string | undefined {
  return typeof code === 'string' && code in NOTICES ? NOTICES[code as NoticeCode] : undefined;
}
