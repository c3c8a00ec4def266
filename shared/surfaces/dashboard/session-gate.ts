/**
 * What a browser request to the dashboard must pass (the `session` auth mode, and every
 * dashboard route): a state-changing request must come from this site (Origin, else
 * Sec-Fetch-Site) and, on session routes, carry the session's CSRF token (form field
 * `csrf_token` or header `x-csrf-token`); session routes need a live session cookie. A form
 * body (`application/x-www-form-urlencoded`) is handed on as the JSON object the route's schema
 * validates: a field given once is a string, a repeated one (checkboxes) an array. A multipart
 * form (a file upload) is handed on as its file, its other fields as the query.
 */

import type {
  Anonymous,
  AuthRequirement,
  SessionPrincipal,
} from '#shared/domain/accounts/principal';
import { type SessionMemberships, sessionAccess } from '#shared/domain/accounts/session-access';
import type { SessionStore } from '#shared/domain/accounts/session-ports';
import {
  readCookie,
  sameSecret,
  sessionCookieName,
  sessionPrincipal,
} from '#shared/domain/accounts/sessions';
import { resolveSession } from '#shared/domain/accounts/sign-in';
import type { Clock } from '#shared/domain/kernel/clock';
import { ForbiddenError, UnauthorizedError } from '#shared/domain/kernel/errors';
import { multipartBoundary, readMultipart } from './multipart.ts';

export interface BrowserEvent {
  headers?: Record<string, string | undefined>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
  queryStringParameters?: Record<string, string | undefined>;
  requestContext?: { http?: { method?: string } };
}

export interface BrowserGateDeps {
  sessions: SessionStore;
  /** The user's memberships: the session's account and role are read on every request. */
  members: SessionMemberships;
  adminEmails: readonly string[];
  clock: Clock;
}

export const CSRF_FIELD = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export type FormFields = Record<string, string | string[]>;

function bodyText(event: BrowserEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

export function parseForm(text: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else fields[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/**
 * A multipart form (the Agents tab's upload without its script): its file is handed on as the
 * body, taken as sent, with the file's own Content-Type; its other fields join the query.
 */
function fromMultipart<E extends BrowserEvent>(
  event: E,
): { event: E; fields: FormFields } | undefined {
  const boundary = multipartBoundary(event.headers?.['content-type']);
  if (!boundary || !event.body) return undefined;
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const form = readMultipart(bytes, boundary);
  if (!form) return undefined;
  const { csrf_token: _token, ...fields } = form.fields;
  const { 'content-encoding': _encoding, ...rest } = event.headers ?? {};
  const headers = { ...rest, 'content-type': form.file?.contentType || 'application/octet-stream' };
  return {
    fields: form.fields,
    event: {
      ...event,
      headers,
      body: (form.file?.bytes ?? Buffer.alloc(0)).toString('base64'),
      isBase64Encoded: true,
      queryStringParameters: { ...event.queryStringParameters, ...fields },
    },
  };
}

function isForm(event: BrowserEvent): boolean {
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded');
}

function refuseCrossSite(): ForbiddenError {
  return new ForbiddenError(
    'csrf_failed',
    'This form was not sent from this dashboard page, or the page is out of date. Go back, ' +
      'reload the page and try again.',
  );
}

/** Same-origin check for unsafe methods: a browser always sends Origin on such requests. */
export function checkSameSite(headers: BrowserEvent['headers'], baseUrl: string): void {
  const origin = headers?.origin;
  if (origin !== undefined && origin !== '') {
    if (origin !== new URL(baseUrl).origin) throw refuseCrossSite();
    return;
  }
  const site = headers?.['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw refuseCrossSite();
}

export async function passBrowserGate<E extends BrowserEvent>(
  route: AuthRequirement,
  event: E,
  baseUrl: string,
  deps: BrowserGateDeps,
): Promise<{ principal: Anonymous | SessionPrincipal; event: E }> {
  const method = (event.requestContext?.http?.method ?? 'GET').toUpperCase();
  const unsafe = !SAFE_METHODS.has(method);
  const multipart = unsafe ? fromMultipart(event) : undefined;
  const form = unsafe && isForm(event) ? parseForm(bodyText(event)) : multipart?.fields;
  const handedOn: E =
    multipart?.event ??
    (form ? { ...event, body: JSON.stringify(form), isBase64Encoded: false } : event);
  if (unsafe) checkSameSite(event.headers, baseUrl);
  if (route.auth !== 'session') return { principal: { kind: 'anonymous' }, event: handedOn };

  const secure = baseUrl.startsWith('https:');
  const cookies = event.cookies ?? (event.headers?.cookie ? [event.headers.cookie] : []);
  const session = await resolveSession(readCookie(cookies, sessionCookieName(secure)), deps);
  if (!session) {
    throw new UnauthorizedError('unauthorized', 'Sign in to the dashboard to see this page.');
  }
  if (unsafe) {
    const field = form?.[CSRF_FIELD];
    const given = event.headers?.[CSRF_HEADER] ?? (typeof field === 'string' ? field : undefined);
    if (!sameSecret(session.csrf_token, given)) throw refuseCrossSite();
  }
  const access = await sessionAccess(session, deps.members);
  if (!access) {
    throw new ForbiddenError(
      'no_account',
      'You are not a member of any account any more. Ask an admin for an invitation.',
    );
  }
  const principal = sessionPrincipal(session, access, deps.adminEmails);
  if (route.scope && !principal.scopes.has(route.scope)) {
    throw new ForbiddenError(
      'insufficient_scope',
      `This page needs the "${route.scope}" scope, which your role (${access.role}) does not have.`,
    );
  }
  return { principal, event: handedOn };
}
