/**
 * The pages shown before signing in: the sign-in form (its address kept and its refusal at the
 * field, `form-kit/`), the page a mailed link opens, and the page of a link that no longer works.
 */
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { SIGN_IN_FORM } from '#shared/surfaces/dashboard/forms-accounts';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { errorBox, escapeHtml, notice, type ShownError } from './components.ts';
import { dashboardLayout } from './layout.ts';

export function signInPage(options: {
  /** The address as typed and the refusal, when the form came back. */
  form?: FormState;
  sent?: boolean;
  signedOut?: boolean;
}): string {
  const signedOut = options.signedOut ? notice('You are signed out.') : '';
  const sent = options.sent
    ? notice(
        'If this address has an account, a sign-in link is on its way. It works once, for a short while. Check your inbox (and spam folder).',
      )
    : '';
  return dashboardLayout({
    title: 'Sign in',
    replaceUrl: DASHBOARD_PATHS.signIn,
    body: `<h1>Sign in</h1>
<p class="lead">No password: enter the e-mail address of your account and we mail you a link that signs you in once.</p>
${formErrorBox(SIGN_IN_FORM, options.form)}${sent}${signedOut}
<form class="stack" method="post" action="${DASHBOARD_PATHS.signIn}">
${formInput(SIGN_IN_FORM, options.form, 'email', { type: 'email', autocomplete: 'email' })}
<div class="actions"><button type="submit">Mail me a sign-in link</button></div>
</form>
<p class="muted">Running locally? No mail leaves the machine: the link appears in the log of <code>npm start</code>, and <code>npm run --silent admin -- login-link --email you@example.com</code> prints one.</p>`,
  });
}

/** The page a mailed link opens: a button, so that mail scanners following links sign nobody in. */
export function confirmSignInPage(options: { token: string; email: string }): string {
  return dashboardLayout({
    title: 'Sign in',
    body: `<h1>Sign in</h1>
<p class="lead">Sign in to the dashboard as <strong>${escapeHtml(options.email)}</strong>?</p>
<form method="post" action="${DASHBOARD_PATHS.session}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<button type="submit">Sign in</button>
</form>
<p class="muted">The link works once. Not you? Close this page; nothing happens until you press the button.</p>`,
  });
}

export function invalidLinkPage(error: ShownError): string {
  return dashboardLayout({
    title: 'Sign-in link not valid',
    body: `<h1>This sign-in link does not work</h1>
${errorBox(error)}
<p><a href="${DASHBOARD_PATHS.signIn}">Ask for a new link</a></p>`,
  });
}
