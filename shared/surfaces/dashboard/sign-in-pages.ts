/**
 * Signing in and out. The sign-in form answers the same whether or not the address has an
 * account; the mailed link opens a confirmation page whose button uses the link (a GET never
 * signs in, so mail scanners that follow links cannot use it up); using it sets the session
 * cookie. Signing out deletes the session and clears the cookie.
 */
import type { z } from 'zod';
import { clearedSessionCookie, sessionCookie } from '#shared/domain/accounts/sessions';
import {
  peekSignInLink,
  requestSignInLink,
  revokeSession,
  type SignInDeps,
  safeReturnPath,
  startSession,
} from '#shared/domain/accounts/sign-in';
import type { OperationInput } from '#shared/domain/kernel/operation';
import {
  confirmSignInPage,
  invalidLinkPage,
  signInPage,
} from '#shared/surfaces/dashboard/views/sign-in-page';
import { submitForm } from './form-kit/form.ts';
import type { SessionFormSchema, SignInRequestFormSchema } from './forms.ts';
import { SIGN_IN_FORM } from './forms-accounts.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import { attempt, htmlPage, type PageResponse, redirect, type SessionInput } from './responses.ts';

export interface SignInQuery {
  token?: string | undefined;
  signed_out?: string | undefined;
  next?: string | undefined;
}

export async function signInForm(
  input: OperationInput<undefined, SignInQuery>,
  deps: SignInDeps,
): Promise<PageResponse> {
  const token = input.query.token;
  const signUp = deps.settings.signUp === 'open';
  if (token === undefined) {
    const next = safeReturnPath(input.query.next) ?? undefined;
    return htmlPage(signInPage({ signedOut: input.query.signed_out === '1', signUp, next }));
  }
  const peeked = await attempt(() => peekSignInLink(token, deps));
  if (!peeked.ok) return htmlPage(invalidLinkPage(peeked.error), peeked.status);
  return htmlPage(confirmSignInPage({ token, ...peeked.value }));
}

export async function requestLink(
  input: OperationInput<undefined, undefined, z.output<typeof SignInRequestFormSchema>>,
  deps: SignInDeps,
): Promise<PageResponse> {
  const outcome = await submitForm(SIGN_IN_FORM, input.body, () =>
    requestSignInLink(
      {
        email: input.body.email,
        sourceIp: input.request.sourceIp,
        baseUrl: input.request.baseUrl,
        next: input.body.next,
      },
      deps,
    ),
  );
  const signUp = deps.settings.signUp === 'open';
  const next = safeReturnPath(input.body.next) ?? undefined;
  if (!outcome.ok) {
    return htmlPage(signInPage({ form: outcome.state, signUp, next }), outcome.status);
  }
  return htmlPage(signInPage({ sent: true, signUp, next }));
}

export async function createSession(
  input: OperationInput<undefined, undefined, z.output<typeof SessionFormSchema>>,
  deps: SignInDeps,
): Promise<PageResponse> {
  const started = await attempt(() =>
    startSession(
      {
        token: input.body.token,
        userAgent: input.request.userAgent,
        sourceIp: input.request.sourceIp,
      },
      deps,
    ),
  );
  if (!started.ok) return htmlPage(invalidLinkPage(started.error), started.status);
  const secure = input.request.baseUrl.startsWith('https:');
  return redirect(started.value.next ?? DASHBOARD_PATHS.home, {
    'set-cookie': sessionCookie(started.value.cookieToken, deps.settings.sessionTtlSeconds, secure),
  });
}

export async function signOut(input: SessionInput, deps: SignInDeps): Promise<PageResponse> {
  const { principal } = input;
  await revokeSession(principal.memberId, principal.sessionId, deps).catch(() => undefined);
  const secure = input.request.baseUrl.startsWith('https:');
  return redirect(`${DASHBOARD_PATHS.signIn}?signed_out=1`, {
    'set-cookie': clearedSessionCookie(secure),
  });
}

export async function endSession(
  input: SessionInput<{ id: string }>,
  deps: SignInDeps,
): Promise<PageResponse> {
  const { principal } = input;
  await revokeSession(principal.memberId, input.params.id, deps);
  if (principal.sessionId === input.params.id) {
    const secure = input.request.baseUrl.startsWith('https:');
    return redirect(`${DASHBOARD_PATHS.signIn}?signed_out=1`, {
      'set-cookie': clearedSessionCookie(secure),
    });
  }
  return redirect(`${DASHBOARD_PATHS.home}?notice=session_revoked`);
}
