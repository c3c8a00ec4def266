/**
 * The pages shown before signing in: the sign-in form (its address kept and its refusal at the
 * field, `form-kit/`; with SIGNUP open it also creates a free account), the page a mailed link
 * opens, and the page of a link that no longer works.
 */

import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { SIGN_IN_FORM } from '#shared/surfaces/dashboard/forms-accounts';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { errorBox, notice, type ShownError } from './components.ts';
import { dashboardLayout } from './layout.ts';

export function signInPage(options: {
  /** The address as typed and the refusal, when the form came back. */
  form?: FormState;
  sent?: boolean;
  signedOut?: boolean;
  /** SIGNUP is open: an address without an account gets a link that creates one. */
  signUp: boolean;
  /** Where the link leads once used (an invitation that asked to sign in first). */
  next?: string | undefined;
}): Html {
  const signedOut = options.signedOut ? notice('You are signed out.') : '';
  // The same words whether or not the address has an account: they depend on the setting only.
  const sentText = options.signUp
    ? 'If this address has an account, a sign-in link is on its way; if it has none yet, a link that creates your free account is. It works once, for a short while. Check your inbox (and spam folder).'
    : 'If this address has an account, a sign-in link is on its way. It works once, for a short while. Check your inbox (and spam folder).';
  const sent = options.sent ? notice(sentText) : '';
  const lead = options.signUp
    ? 'No password: enter your e-mail address and we mail you a link. It signs you in, or, for a new address, creates your free account and signs you in.'
    : 'No password: enter the e-mail address of your account and we mail you a link that signs you in once.';
  return dashboardLayout({
    title: options.signUp ? 'Sign in or create a free account' : 'Sign in',
    replaceUrl: DASHBOARD_PATHS.signIn,
    body: html`<h1>${options.signUp ? 'Sign in or create a free account' : 'Sign in'}</h1>
<p class="lead">${lead}</p>
${formErrorBox(SIGN_IN_FORM, options.form)}${sent}${signedOut}${options.next && notice('Sign in (or create your free account) with the address the invitation was sent to: the link brings you back to it.')}
<form class="stack" method="post" action="${DASHBOARD_PATHS.signIn}">
${options.next && html`<input type="hidden" name="next" value="${options.next}">`}
${formInput(SIGN_IN_FORM, options.form, 'email', { type: 'email', autocomplete: 'email' })}
<div class="actions"><button type="submit">Mail me a sign-in link</button></div>
</form>
<p class="muted">Running locally? No mail leaves the machine: the link appears in the log of <code>npm start</code>, and <code>npm run --silent admin -- login-link --email you@example.com</code> prints one.</p>`,
  });
}

/**
 * The page a mailed link opens: a button, so that mail scanners following links sign nobody in
 * (and create no account).
 */
export function confirmSignInPage(options: {
  token: string;
  email: string;
  signUp: boolean;
}): Html {
  const title = options.signUp ? 'Create your free account' : 'Sign in';
  const question = options.signUp
    ? html`Create a free account for <strong>${options.email}</strong> and sign in? The free plan scans sites, runs batches within its daily limit and keeps your scan history; monitor cases can be set up, and their runs need the Pro plan.`
    : html`Sign in to the dashboard as <strong>${options.email}</strong>?`;
  return dashboardLayout({
    title,
    body: html`<h1>${title}</h1>
<p class="lead">${question}</p>
<form method="post" action="${DASHBOARD_PATHS.session}">
<input type="hidden" name="token" value="${options.token}">
<button type="submit">${options.signUp ? 'Create my account' : 'Sign in'}</button>
</form>
<p class="muted">The link works once. Not you? Close this page; nothing happens until you press the button.</p>`,
  });
}

export function invalidLinkPage(error: ShownError): Html {
  return dashboardLayout({
    title: 'Sign-in link not valid',
    body: html`<h1>This sign-in link does not work</h1>
${errorBox(error)}
<p><a href="${DASHBOARD_PATHS.signIn}">Ask for a new link</a></p>`,
  });
}
