/**
 * Signing in through the dashboard's own pages, as a person does: the link the local outbox
 * received is followed and confirmed, and the overview waited for (docs/dashboard.md "Sign-in").
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestSignInLink } from './dashboard-http.ts';

/** Asks for a link from the sign-in page, then follows it (the page is on the overview after). */
export async function signInThroughPages(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await requestAndFollowLink(page, email);
}

/**
 * With the address already in the sign-in form: sends it, follows the mailed link, confirms,
 * and waits for the overview.
 */
export async function requestAndFollowLink(page: Page, email: string) {
  await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  await page.getByText('a sign-in link is on its way').waitFor();
  const link = latestSignInLink(email);
  expect(link, `a sign-in link mailed to ${email}`).toBeDefined();
  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}
