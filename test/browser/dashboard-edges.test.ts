import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { axeViolations } from './support/axe.ts';
import { CHROMIUM_PATH, launchChromium, type RunningBrowser } from './support/chromium.ts';
import { DashboardHttp, latestSignInLink } from './support/dashboard-http.ts';
import { requestAndFollowLink } from './support/sign-in.ts';

/**
 * The dashboard's rough edges, finished (issue 17, point 6) in a real Chromium: confirm steps
 * before revoking a key, ending a session, rotating a secret and deleting an endpoint; errors
 * at their field; a key's last use; the sessions list's device and address; the delivery payload viewer; "last
 * event" next to the last test; and a 404 page for people. axe-core runs on every state.
 */
const EMAIL = 'edges@example.com';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let stack: TestStack;
let browser: RunningBrowser;
let page: Page;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;

async function expectAccessible(state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([]);
}

/** Skips the browser's own checks, so the server's answer to a bad form is what shows. */
async function submitUnchecked(formSelector: string): Promise<void> {
  await page.locator(formSelector).evaluate((form) => {
    (form as HTMLFormElement).noValidate = true;
  });
}

/** The field's error: its text once on the page, tied to the field, the field marked invalid. */
async function expectFieldError(fieldId: string, text: RegExp): Promise<void> {
  const field = page.locator(`#${fieldId}`);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect((await field.getAttribute('aria-describedby')) ?? '').toContain(`${fieldId}-error`);
  const message = (await page.locator(`#${fieldId}-error`).innerText()).replace(/^Error: /, '');
  expect(message).toMatch(text);
  const body = await page.locator('main').innerText();
  expect(body.split(message).length - 1, 'the message appears once').toBe(1);
}

/** A second session, from a phone, made over HTTP so the list has one to end. */
async function signInFromPhone(baseUrl: string): Promise<void> {
  const phone = new DashboardHttp(baseUrl);
  await phone.post('/dashboard/sign-in', { email: EMAIL });
  const link = latestSignInLink(EMAIL) ?? '';
  const confirm = await phone.get(link);
  const token = /name="token" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
  const started = await phone.post(
    '/dashboard/session',
    { token },
    { headers: { 'user-agent': PHONE_UA } },
  );
  expect(started.status).toBe(303);
}

describe.skipIf(!CHROMIUM_PATH)('the dashboard’s finished edges in Chromium', () => {
  beforeAll(async () => {
    certificate = await makeLoopbackCertificate();
    untrust = trustCertificate(certificate.cert);
    receiver = await startWebhookReceiver(certificate);
    stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    browser = await launchChromium();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await receiver?.close();
    untrust?.();
    await certificate?.close();
  });

  it('shows a bad sign-in address once, at its field, then signs in', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/sign-in`);
    expect(await page.locator('label[for=f-email] + .req').innerText()).toBe('(required)');
    await page.getByLabel('E-mail address').fill('not-an-address');
    await submitUnchecked('form[action="/dashboard/sign-in"]');
    await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
    await page.locator('#form-error').waitFor();
    await expectFieldError('f-email', /e-mail address/i);
    expect(await page.locator('#form-error a[href="#f-email"]').innerText()).toBe('E-mail address');
    await expectAccessible('sign-in with a field error');
    await page.getByLabel('E-mail address').fill(EMAIL);
    await requestAndFollowLink(page, EMAIL);
  });

  it('lists sessions with their device and masked address, and ends one after a confirm', async () => {
    await signInFromPhone(stack.baseUrl);
    await page.reload();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('cell', { name: /Chrome on Linux \(this browser\)/ }).waitFor();
    expect(await sessions.getByRole('cell', { name: '127.0.0.x' }).count()).toBe(2);
    await sessions.getByRole('cell', { name: 'Safari on iOS', exact: true }).waitFor();
    await expectAccessible('overview with two sessions');
    await sessions.getByText('End session').click();
    await sessions.getByText(/End the session of Safari on iOS\?/).waitFor();
    await expectAccessible('end-session confirm open');
    await sessions.getByRole('button', { name: 'Yes, end the session' }).click();
    await page.getByText('That session is signed out.').waitFor();
    expect(await page.getByRole('cell', { name: 'Safari on iOS', exact: true }).count()).toBe(0);
  });

  it('asks for a scope at its field, shows when a key was last used, and revokes it only after a confirm', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/keys`);
    for (const box of await page.locator('#f-scopes input[type=checkbox]').all()) {
      await box.uncheck();
    }
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#form-error').waitFor();
    expect(await page.locator('#f-scopes').getAttribute('aria-describedby')).toBe('f-scopes-error');
    expect(await page.locator('#f-scopes-error').innerText()).toContain(
      'Choose at least one scope.',
    );
    expect(await page.locator('#f-scopes input[aria-invalid=true]').count()).toBeGreaterThan(0);
    await expectAccessible('keys form with a field error');
    await page.getByLabel('scans:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const apiKey = await page.locator('#new-key').inputValue();
    await page.goto(`${stack.baseUrl}/dashboard/keys`);
    const keys = page.getByRole('region', { name: 'API keys' });
    // Last used: "Never" until the key is used with the API, then a UTC time (within an hour).
    const row = keys.getByRole('row').filter({ hasText: apiKey.slice(-4) });
    const lastUsed = row.getByRole('cell').nth(3);
    expect(await lastUsed.innerText()).toBe('Never');
    const used = await fetch(`${stack.baseUrl}/api/v1/stats`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(used.status).toBe(200);
    await page.reload();
    const time = lastUsed.locator('time');
    expect(await time.getAttribute('datetime')).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
    expect(await time.innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
    expect(await keys.getByRole('columnheader', { name: 'Last used' }).count()).toBe(1);
    await expectAccessible('keys with a last-used time');
    await keys.locator('summary', { hasText: 'Revoke' }).click();
    await keys.getByText(/Revoke key .*\? Every request with it is refused/).waitFor();
    await expectAccessible('revoke confirm open');
    await keys.getByRole('button', { name: 'Yes, revoke the key' }).click();
    await page.getByText('The key is revoked').waitFor();
    expect(await keys.getByText('revoked', { exact: true }).count()).toBe(1);
  });

  it('shows a bad receiver URL at its field, then tests, rotates and deletes an endpoint', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/webhooks`);
    expect(await page.locator('label[for=f-url] + .req').innerText()).toBe('(required)');
    await page.getByLabel(/^Receiver URL/).fill('http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('#form-error').waitFor();
    await expectFieldError('f-url', /https/i);
    await expectAccessible('webhook form with a field error');

    await page.getByLabel(/^Receiver URL/).fill(receiver.url('/edges'));
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const first = await page.locator('#new-secret').inputValue();
    await page.getByRole('button', { name: /^Send test event/ }).click();
    await page.getByText('The test event was delivered').waitFor();
    const card = page.getByRole('article');
    await card.getByText(/last event delivered none yet/).waitFor();
    expect(await card.innerText()).toMatch(
      /\(test events not counted\) · last test event delivered \d+ \w+ \d{4}/,
    );

    const deliveries = page.locator('#deliveries');
    await deliveries.locator('summary', { hasText: 'Payload' }).first().click();
    const payload = deliveries.locator('pre.payload').first();
    expect(JSON.parse(await payload.innerText())).toMatchObject({ type: 'webhook.test' });
    await deliveries.getByText(/Receiver’s last answer: HTTP 2\d\d/).waitFor();
    await expectAccessible('delivery payload open');

    await card.locator('summary', { hasText: 'Rotate secret' }).click();
    await expectAccessible('rotate confirm open');
    await card.getByRole('button', { name: 'Yes, rotate the secret' }).click();
    const rotated = await page.locator('#new-secret').inputValue();
    expect(rotated).not.toBe(first);
    expect(rotated.length).toBeGreaterThan(20);
    await page.getByText('The previous secret keeps signing next to it').waitFor();
    await expectAccessible('rotated secret shown once');
    await page.goto(`${stack.baseUrl}/dashboard/webhooks`);
    await page.getByRole('button', { name: /^Send test event/ }).click();
    await page.getByText('The test event was delivered').waitFor();
    const [, second] = await receiver.waitFor('/edges', 2);
    expect(
      verifyDelivery({
        headers: second?.headers ?? {},
        rawBody: second?.rawBody ?? Buffer.alloc(0),
        secrets: [rotated],
      }).ok,
    ).toBe(true);

    await card.locator('summary', { hasText: 'Delete' }).click();
    await card.getByText(/Delete the endpoint .*\? .*cannot be undone/).waitFor();
    await expectAccessible('delete confirm open');
    await card.getByRole('button', { name: 'Yes, delete the endpoint' }).click();
    await page.getByText('The endpoint is deleted').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('answers an unknown dashboard address with a page for people inside the layout', async () => {
    for (const path of [
      '/dashboard/no-such-page',
      '/dashboard/scans/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await page.goto(`${stack.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()['content-type'], path).toContain('text/html');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Overview' }).count()).toBeGreaterThan(0);
      expect(await page.content()).not.toContain('/api/v1');
      await expectAccessible(`404 at ${path}`);
    }
  });
});
