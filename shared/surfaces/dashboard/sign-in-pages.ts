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
import { claimBrowserScans, type ScanClaims } from '#shared/domain/scans/browser-scans';
import {
  confirmSignInPage,
  invalidLinkPage,
  signInPage,
} from '#shared/surfaces/dashboard/views/sign-in-page';
import { readBrowserScans } from './browser-scans.ts';
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

/** Signing in also takes the browser's scans from before sign-up (browser-scans.ts). */
export interface CreateSessionDeps extends SignInDeps {
  claims: ScanClaims;
}

/**
 * The browser's scans made before the account: claimed quietly, so a store hiccup never stands
 * between a person and their session (the cookie stays, and the next sign-in claims them).
 */
async function claimCarriedScans(
  input: OperationInput<undefined, undefined, unknown>,
  user: { id: string; created_at: string },
  deps: CreateSessionDeps,
): Promise<void> {
  const secure = input.request.baseUrl.startsWith('https:');
  const carried = readBrowserScans(input.request.cookies, secure);
  if (!carried || carried.scanIds.length === 0) return;
  try {
    const claimed = await claimBrowserScans(
      { ownerId: user.id, ownerCreatedAt: user.created_at, ...carried },
      { claims: deps.claims },
    );
    if (claimed > 0) deps.logger.info('scans from before sign-up kept', { claimed });
  } catch (error) {
    deps.logger.warn('scans from before sign-up not claimed', { error: error as Error });
  }
}

export async function createSession(
  input: OperationInput<undefined, undefined, z.output<typeof SessionFormSchema>>,
  deps: CreateSessionDeps,
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
  await claimCarriedScans(input, started.value.user, deps);
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
