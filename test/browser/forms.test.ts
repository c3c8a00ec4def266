import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_FORM } from '#shared/surfaces/dashboard/case-form';
import type { FormSpec } from '#shared/surfaces/dashboard/form-kit/form';
import { KEY_FORM, SIGN_IN_FORM } from '#shared/surfaces/dashboard/forms-accounts';
import { CASE_SEARCH_FORM, RUN_FORM } from '#shared/surfaces/dashboard/forms-monitor';
import { BATCH_FORM, HISTORY_SEARCH_FORM, SCAN_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { WEBHOOK_FORM } from '#shared/surfaces/dashboard/forms-webhooks';
import { startTestStack, type TestStack } from '#test/support/stack';
import { axeViolations } from './support/axe.ts';
import {
  CHROMIUM_PATH,
  launchChromium,
  type RunningBrowser,
  SKIP_REASON,
  screenshotDir,
} from './support/chromium.ts';
import { requestAndFollowLink } from './support/sign-in.ts';

/**
 * Forms that keep what was typed (issue 25, point 2), in Chromium: every dashboard form is sent
 * with an empty, a too long and an invalid value (the browser's own checks switched off, so the
 * server answers), and comes back with what was typed still in its fields, the message at the
 * field in plain words (tied to it, listed once in the box at the top by the field's label) and
 * axe-core finding nothing. The `maxlength` and `required` the browser is given are the server's
 * limits.
 */
if (!CHROMIUM_PATH) console.warn(`[browser] ${SKIP_REASON}`);

const EMAIL = 'forms@example.com';
/** Wording of the validator or the API envelope that must never reach a person. */
const RAW = /Too (big|small)|expected (string|array)|Invalid input|details\.|see details|`/;

let stack: TestStack;
let browser: RunningBrowser;
let page: Page;

/** Sets fields as typed (maxlength does not stop a value set this way) and sends the form. */
async function send(
  form: string,
  values: Record<string, string>,
  button: string,
  refused = true,
): Promise<void> {
  await page.locator(form).evaluate((element, fields) => {
    (element as HTMLFormElement).noValidate = true;
    // The previous refusal's box goes first, so the wait below sees only this answer's box
    // (the scan form swaps its answer into the page, where the old box would match at once).
    document.getElementById('form-error')?.remove();
    for (const [id, value] of Object.entries(fields)) {
      const control = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
      control.value = value;
    }
  }, values);
  await page.locator(form).getByRole('button', { name: button }).click();
  if (refused) await page.locator('#form-error').waitFor();
}

/**
 * The state after a refused form: each field still holds what was typed, each named field
 * carries its message (plain words, tied to it, once on the page), axe finds nothing.
 */
async function expectRefused(
  state: string,
  kept: Record<string, string>,
  messages: Record<string, RegExp>,
): Promise<void> {
  for (const [id, value] of Object.entries(kept)) {
    expect(await page.locator(`#${id}`).inputValue(), `${state}: ${id} kept`).toBe(value);
  }
  for (const [id, text] of Object.entries(messages)) {
    const field = page.locator(`#${id}`);
    // A group of boxes marks its boxes invalid; a single control marks itself.
    const group = (await field.evaluate((node) => node.tagName)) === 'FIELDSET';
    const marked = group ? field.locator('input[aria-invalid=true]').first() : field;
    expect(await marked.getAttribute('aria-invalid'), `${state}: ${id} invalid`).toBe('true');
    expect(await field.getAttribute('aria-describedby'), state).toContain(`${id}-error`);
    const message = (await page.locator(`#${id}-error`).innerText()).replace(/^Error: /, '');
    expect(message, `${state}: ${id}`).toMatch(text);
    expect(message, `${state}: ${id} in plain words`).not.toMatch(RAW);
    expect(await page.locator(`#form-error a[href="#${id}"]`).count(), state).toBe(1);
    const main = await page.locator('main').innerText();
    expect(main.split(message).length - 1, `${state}: said once`).toBe(1);
  }
  expect(await page.locator('#form-error').innerText()).not.toMatch(RAW);
  expect(await axeViolations(page), state).toEqual([]);
}

/** The controls carry the server's limits: `maxlength` and `required` as the form declares. */
async function expectLimits(spec: FormSpec, ids: Record<string, string>): Promise<void> {
  for (const [name, id] of Object.entries(ids)) {
    const field = spec.fields[name];
    const control = page.locator(`#${id}`);
    expect(await control.getAttribute('maxlength'), `${id} maxlength`).toBe(
      field?.maxlength === undefined ? null : String(field.maxlength),
    );
    expect((await control.getAttribute('required')) !== null, `${id} required`).toBe(
      Boolean(field?.required),
    );
  }
}

const long = (length: number) => 'x'.repeat(length);

describe.skipIf(!CHROMIUM_PATH)('every dashboard form keeps what was typed', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      ALLOW_PRIVATE_TARGETS: '1',
      WORKFLOW_TIME_SCALE: '0.01',
      PLAN_LIMITS: '{"pro":{"per_batch":3,"per_day":100}}',
    });
    await stack.operator.createUser({ email: EMAIL, plan: 'pro' });
    browser = await launchChromium();
    page = await browser.context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('sign-in: empty, too long and invalid addresses, then signs in', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/sign-in`);
    await expectLimits(SIGN_IN_FORM, { email: 'f-email' });
    const form = 'form[action="/dashboard/sign-in"]';
    const button = 'Mail me a sign-in link';
    await send(form, { 'f-email': '' }, button);
    await expectRefused('sign-in empty', { 'f-email': '' }, { 'f-email': /Enter the e-mail/ });
    const tooLong = `${long(250)}@example.com`;
    await send(form, { 'f-email': tooLong }, button);
    await expectRefused('sign-in too long', { 'f-email': tooLong }, { 'f-email': /too long/ });
    await send(form, { 'f-email': 'not-an-address' }, button);
    await expectRefused(
      'sign-in invalid',
      { 'f-email': 'not-an-address' },
      { 'f-email': /such as name@example\.com/ },
    );
    await page.locator('#f-email').fill(EMAIL);
    await requestAndFollowLink(page, EMAIL);
  });

  it('keys: no scope, a too long name and a scope that is not offered', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/keys`);
    await expectLimits(KEY_FORM, { name: 'f-name' });
    const form = 'form[action="/dashboard/keys"]';
    for (const box of await page.locator('#f-scopes input[type=checkbox]').all()) {
      await box.uncheck();
    }
    await send(form, { 'f-name': 'CI deploys' }, 'Create key');
    await expectRefused(
      'key without scope',
      { 'f-name': 'CI deploys' },
      { 'f-scopes': /Choose at least one scope/ },
    );
    await send(form, { 'f-name': long(81) }, 'Create key');
    await expectRefused('key name too long', { 'f-name': long(81) }, { 'f-name': /at most 80/ });
    await page.locator('#scope-scans-read').evaluate((box) => {
      (box as HTMLInputElement).value = 'everything';
      (box as HTMLInputElement).checked = true;
    });
    await send(form, { 'f-name': 'forged' }, 'Create key');
    await expectRefused(
      'key with an unknown scope',
      { 'f-name': 'forged' },
      { 'f-scopes': /only scopes from the list/ },
    );
  });

  it('scan: empty, too long and not a domain', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    await expectLimits(SCAN_FORM, { domain: 'f-domain' });
    // The scan form answers through the script; without a redirect the page is swapped in.
    const form = 'form[action="/dashboard/scans"][data-scan-form]';
    await send(form, { 'f-domain': '' }, 'Scan now');
    await expectRefused('scan empty', { 'f-domain': '' }, { 'f-domain': /Enter a domain/ });
    await send(form, { 'f-domain': long(2049) }, 'Scan now');
    await expectRefused('scan too long', { 'f-domain': long(2049) }, { 'f-domain': /too long/ });
    await send(form, { 'f-domain': 'not a domain!' }, 'Scan now');
    await expectRefused(
      'scan invalid',
      { 'f-domain': 'not a domain!' },
      { 'f-domain': /not a domain that can be scanned/ },
    );
  });

  it('batch: empty, more domains than the plan takes, and no usable line', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/batches`);
    await expectLimits(BATCH_FORM, { domains: 'f-domains' });
    const form = 'form[action="/dashboard/batches"]';
    await send(form, { 'f-domains': '' }, 'Queue the batch');
    await expectRefused('batch empty', { 'f-domains': '' }, { 'f-domains': /at least one domain/ });
    const many = 'a.example\nb.example\nc.example\nd.example';
    await send(form, { 'f-domains': many }, 'Queue the batch');
    await expectRefused(
      'batch too long',
      { 'f-domains': many },
      { 'f-domains': /at most 3 domains per batch/ },
    );
    const junk = 'not a domain\nalso not one!';
    await send(form, { 'f-domains': junk }, 'Queue the batch');
    await expectRefused(
      'batch invalid',
      { 'f-domains': junk },
      { 'f-domains': /None of these lines/ },
    );
    expect(await page.getByRole('region', { name: 'Rejected entries' }).innerText()).toContain(
      'also not one!',
    );
  });

  it('new case: empty, too long and invalid fields, each at its field', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    await expectLimits(CASE_FORM, {
      name: 'f-name',
      domain: 'f-domain',
      category: 'f-category',
      icp: 'f-icp',
      aliases: 'f-aliases',
      region: 'f-region',
      languages: 'f-languages',
    });
    const form = 'form[action="/dashboard/cases"]';
    const empty = { 'f-name': '', 'f-domain': '', 'f-category': '' };
    await send(form, empty, 'Create case');
    await expectRefused('case empty', empty, {
      'f-name': /Enter the brand’s name/,
      'f-domain': /Enter the brand’s site/,
      'f-category': /Say what the brand is/,
    });
    const tooLong = {
      'f-name': long(201),
      'f-domain': 'acme.example',
      'f-category': 'analytics',
      'f-icp': long(2001),
    };
    await send(form, tooLong, 'Create case');
    await expectRefused('case too long', tooLong, {
      'f-name': /at most 200 characters \(this one has 201\)/,
      'f-icp': /at most 2000/,
    });
    const invalid = {
      'f-name': 'Acme',
      'f-domain': 'not a domain',
      'f-category': 'analytics',
      'f-icp': '',
      'f-languages': 'english!',
      'f-fact_sheet': 'founded: 2019\nBerlin',
    };
    await send(form, invalid, 'Create case');
    await expectRefused('case invalid', invalid, {
      'f-domain': /Enter a domain such as/,
      'f-languages': /language code/,
      'f-fact_sheet': /Line 2: write each fact as key: value/,
    });
    await page.locator('#form-error').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(await screenshotDir(), 'form-errors.png'),
      fullPage: false,
    });
  });

  it('edit case, start run and case search keep what was typed', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/cases/new`);
    await page.getByLabel('Brand name').fill('Acme Analytics');
    await page.getByLabel('Domain', { exact: true }).fill('acme-analytics.example');
    await page.getByLabel('Category').fill('product analytics');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByRole('heading', { name: 'Acme Analytics' }).waitFor();
    const caseUrl = page.url();
    await expectLimits(RUN_FORM, { label: 'f-label' });
    await send(`form[action$="/runs"]`, { 'f-label': long(201) }, 'Start a run');
    await expectRefused(
      'run label too long',
      { 'f-label': long(201) },
      { 'f-label': /at most 200/ },
    );
    await page.goto(`${caseUrl}/edit`);
    await send('form.stack', { 'f-domain': 'acme analytics' }, 'Save changes');
    await expectRefused(
      'edit invalid',
      { 'f-domain': 'acme analytics', 'f-name': 'Acme Analytics' },
      { 'f-domain': /Enter a domain such as/ },
    );
    await page.goto(`${stack.baseUrl}/dashboard/cases`);
    await expectLimits(CASE_SEARCH_FORM, { q: 'f-q' });
    await send('form[role=search]', { 'f-q': long(201) }, 'Search');
    await expectRefused(
      'case search too long',
      { 'f-q': long(201) },
      { 'f-q': /The search is too long/ },
    );
    expect(await page.getByRole('link', { name: 'Acme Analytics' }).count()).toBe(1);
  });

  it('scan history search: too long comes back in its field', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/scans`);
    await expectLimits(HISTORY_SEARCH_FORM, { q: 'f-q' });
    await send('form[role=search]', { 'f-q': long(254) }, 'Filter');
    await expectRefused(
      'history search too long',
      { 'f-q': long(254) },
      { 'f-q': /The search is too long/ },
    );
  });

  it('webhooks: an empty, too long and http address, and an endpoint without events', async () => {
    await page.goto(`${stack.baseUrl}/dashboard/webhooks`);
    await expectLimits(WEBHOOK_FORM, { url: 'f-url', label: 'f-label' });
    const form = 'form[action="/dashboard/webhooks"]';
    await send(form, { 'f-url': '', 'f-label': 'Ops' }, 'Add endpoint');
    await expectRefused(
      'webhook empty',
      { 'f-url': '', 'f-label': 'Ops' },
      { 'f-url': /Enter the https address/ },
    );
    const tooLong = `https://hooks.example/${long(2040)}`;
    await send(form, { 'f-url': tooLong, 'f-label': long(201) }, 'Add endpoint');
    await expectRefused(
      'webhook too long',
      { 'f-url': tooLong, 'f-label': long(201) },
      {
        'f-url': /too long: at most 2048/,
        'f-label': /at most 200/,
      },
    );
    await send(form, { 'f-url': 'http://127.0.0.1:9/hook', 'f-label': 'Ops' }, 'Add endpoint');
    await expectRefused(
      'webhook http',
      { 'f-url': 'http://127.0.0.1:9/hook' },
      { 'f-url': /must start with https/ },
    );
    await send(
      form,
      { 'f-url': 'https://127.0.0.1:9/hook', 'f-label': 'Ops' },
      'Add endpoint',
      false,
    );
    await page.getByText('Copy the signing secret now').waitFor();
    const card = page.locator('article.card').first();
    for (const box of await card.locator('input[type=checkbox]').all()) await box.uncheck();
    const labelId = await card.locator('input[name=label]').getAttribute('id');
    const eventsId = await card.locator('fieldset').getAttribute('id');
    await card.locator('form.stack').evaluate((element) => {
      (element as HTMLFormElement).noValidate = true;
    });
    await card.locator(`#${labelId}`).fill('Ops (EU)');
    await card.getByRole('button', { name: /^Save/ }).click();
    await page.locator('#form-error').waitFor();
    await expectRefused(
      'endpoint without events',
      { [labelId ?? '']: 'Ops (EU)' },
      {
        [eventsId ?? '']: /Choose at least one event/,
      },
    );
  });
});
