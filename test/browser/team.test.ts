import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { latestInvitationToken } from '#test/support/teams';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  screenshotDir,
} from './support/chromium.ts';
import { latestSignInLink } from './support/dashboard-http.ts';
import { signInThroughPages } from './support/sign-in.ts';

/**
 * Issue 35 in a real Chromium: an invitation's page reached from its mail by an address without
 * an account (signing up on the way), accepted; the Team page with the switcher and the role in
 * the header; an admin's forms (invite, change a role) with a refused address at its field; all
 * at 1280 and 375 px with axe-core on every state, and the screenshots looked at.
 */
const OWNER = 'lead@team-browser.example';
const INVITEE = 'analyst@team-browser.example';

let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let shots: string;
let ownerKey: string;

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

/** The page fits the viewport's width: nothing scrolls sideways at 375 px. */
async function expectNoSidewaysScroll(state: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, state).toBeLessThanOrEqual(0);
}

async function atBothWidths(state: string, shot: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(`${state} at 1280 px`);
  await page.screenshot({ path: join(shots, `${shot}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(`${state} at 375 px`);
  await expectNoSidewaysScroll(state);
  await page.screenshot({ path: join(shots, `${shot}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.skipIf(!CHROMIUM_PATH)('the team pages in Chromium', () => {
  beforeAll(async () => {
    stack = await startTestStack();
    ownerKey = await stack.createKey(
      [
        'scans:read',
        'scans:write',
        'monitor:read',
        'monitor:write',
        'webhooks:manage',
        'account:manage',
      ],
      { email: OWNER },
    );
    shots = await screenshotDir();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('takes a new address from the invitation mail through sign-up to the invitation, and joins', async () => {
    const invited = await callJson(stack.baseUrl, '/api/v1/account/invitations', {
      method: 'POST',
      key: ownerKey,
      body: { email: INVITEE, role: 'member' },
    });
    expect(invited.status).toBe(201);
    const token = latestInvitationToken(INVITEE) ?? '';
    page = await browser.context.newPage();
    await page.goto(`${stack.baseUrl}/dashboard/invitations/${token}`);
    await page.getByText('the link brings you back to it').waitFor();
    await expectAccessible('the sign-in page of an invitation');
    await page.getByLabel('E-mail address').fill(INVITEE);
    await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
    await page.getByText('a sign-in link is on its way').waitFor();
    await page.goto(latestSignInLink(INVITEE) ?? '');
    await page.getByRole('button', { name: /Create|Sign in/ }).click();
    await page.getByRole('heading', { name: `Join ${OWNER}` }).waitFor();
    expect(page.url()).toContain(`/dashboard/invitations/${token}`);
    await atBothWidths('the invitation page', 'invitation');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('heading', { name: `Team: ${OWNER}` }).waitFor();
    await expect(page.getByText('you are a member of this account now')).toBeDefined();
    // The header says the role; a member sees no Webhooks section and no invitation form.
    expect(await page.locator('header .who').innerText()).toContain('member');
    expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mail the invitation' }).count()).toBe(0);
    await atBothWidths('the Team page of a member', 'team-member');
    // The switcher: back to the person's own (new) account, where they are the owner.
    await page.getByRole('button', { name: `Switch to ${INVITEE}` }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await page.locator('header .who').innerText()).toContain('owner');
    await page.close();
  });

  it("shows an admin's Team page with its forms, a refused address at its field", async () => {
    page = await browser.context.newPage();
    await signInThroughPages(page, stack.baseUrl, OWNER);
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: `Team: ${OWNER}` }).waitFor();
    await page.locator('form[action="/dashboard/account/invitations"]').evaluate((form) => {
      (form as HTMLFormElement).noValidate = true;
    });
    await page.getByLabel('E-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Mail the invitation' }).click();
    const field = page.locator('#f-email');
    await field.waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('not an address');
    await expectAccessible('a refused invitation');
    await page.getByLabel('E-mail address').fill('reviewer@team-browser.example');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Mail the invitation' }).click();
    await page.getByText('The invitation is mailed').waitFor();
    await page.getByLabel(`Role of ${INVITEE}`).selectOption('viewer');
    await page.getByRole('button', { name: `Change role of ${INVITEE}` }).click();
    await page.getByText("The member's role is changed").waitFor();
    await atBothWidths('the Team page of the owner', 'team');
    await page.close();
  });
});
