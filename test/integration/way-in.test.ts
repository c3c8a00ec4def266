import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOutbox } from '#shared/wiring/mail';
import { DashboardHttp, latestSignInLink } from '#test/browser/support/dashboard-http';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * A way in for visitors, through the local front as a browser meets it: the home page's scan
 * box (an anonymous scan within the daily limit, then the public result page) and self-service
 * sign-up from the sign-in form (a mailed link that creates a free account), with the sign-in
 * flow's guarantees kept: the same page for any address, links used once, the same-site check.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;

const newEmail = () => `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;

// One stack at a time in a process (the wiring is the process's): sign-up closed comes last.
describe('with sign-up open (the default)', () => {
  beforeAll(async () => {
    [stack, site] = await Promise.all([
      startTestStack({ ALLOW_PRIVATE_TARGETS: '1', ANONYMOUS_SCANS_PER_DAY: '2' }),
      startFixtureSite('good'),
    ]);
  });

  afterAll(async () => {
    await Promise.all([stack?.close(), site?.close()]);
  });

  describe('the scan box of the home page', () => {
    it('is a form with a domain field that posts to /scans', async () => {
      const home = await new DashboardHttp(stack.baseUrl).get('/');
      expect(home.status).toBe(200);
      expect(home.text).toMatch(/<form class="scan-box" id="scan" method="post" action="\/scans"/);
      expect(home.text).toMatch(/<input type="text" id="scan-domain" name="domain"[^>]* required/);
    });

    it('scans anonymously within the daily limit and opens the public result page', async () => {
      const visitor = new DashboardHttp(stack.baseUrl);
      const scanned = await visitor.post('/scans', { domain: site.host });
      expect(scanned.status, scanned.text.slice(0, 300)).toBe(303);
      expect(scanned.location).toMatch(/^\/scans\/[0-9a-f-]{36}$/);
      const result = await visitor.get(scanned.location ?? '');
      expect(result.status).toBe(200);
      expect(result.text).toContain(`Agent readiness of ${site.host}`);
      expect(result.text).toContain('Create a free account to keep your history');
      expect(result.text).toContain('href="/dashboard/sign-in"');

      const second = await visitor.post('/scans', { domain: site.host });
      expect(second.status).toBe(303);
      const limited = await visitor.post('/scans', { domain: site.host });
      expect(limited.status).toBe(429);
      expect(limited.text).toContain(`value="${site.host}"`);
      expect(limited.text).toMatch(
        /id="scan-domain-error" role="alert">.*free scans of today: 0 left/s,
      );
    });

    it('answers a refused domain with the scan box again, the domain kept and the reason at the field', async () => {
      const refused = await new DashboardHttp(stack.baseUrl).post('/scans', {
        domain: 'not a domain<script>',
      });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('value="not a domain&lt;script&gt;"');
      expect(refused.text).toMatch(/aria-invalid="true"/);
      expect(refused.text).toContain('id="scan-domain-error"');
      expect(refused.text).not.toContain('domain<script>');
    });

    it('refuses a form sent from another site', async () => {
      const foreign = await new DashboardHttp(stack.baseUrl).post(
        '/scans',
        { domain: site.host },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
    });
  });

  describe('signing up from the sign-in page', () => {
    it('mails a sign-up link, creates a free account only when its button is pressed, and lands on the overview', async () => {
      const email = newEmail();
      const visitor = new DashboardHttp(stack.baseUrl);
      const asked = await visitor.post('/dashboard/sign-in', { email });
      expect(asked.status).toBe(200);
      const link = latestSignInLink(email) ?? '';
      expect(link).toMatch(/\/dashboard\/sign-in\?token=/);
      // Opening the link twice (a mail scanner, then the person) creates nothing.
      await visitor.get(link);
      const confirm = await visitor.get(link);
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain('Create your free account');
      expect(await stack.operator.listUsers()).not.toContainEqual(
        expect.objectContaining({ email }),
      );
      const token = new URL(link).searchParams.get('token') ?? '';

      const used = await visitor.post('/dashboard/session', { token });
      expect(used.status).toBe(303);
      expect(used.location).toBe('/dashboard');
      const home = await visitor.get('/dashboard');
      expect(home.status).toBe(200);
      expect(home.text).toContain(`Signed in as <strong>${email}</strong>`);
      expect(home.text).toContain('<p class="big">Free</p>');
      const users = await stack.operator.listUsers();
      expect(users.find((user) => user.email === email)?.account).toEqual({
        plan: 'free',
        subscription: 'active',
      });

      const replay = await new DashboardHttp(stack.baseUrl).post('/dashboard/session', { token });
      expect(replay.status).toBe(400);
      // The operator CLI still manages plans.
      await stack.operator.setAccount({ email, plan: 'pro' });
      expect((await visitor.get('/dashboard')).text).toContain('<p class="big">Pro</p>');
    });

    it('answers the same page for a new address as for an account, and counts both alike', async () => {
      const known = newEmail();
      await stack.operator.createUser({ email: known, plan: 'free' });
      const browser = new DashboardHttp(stack.baseUrl);
      const forKnown = await browser.post('/dashboard/sign-in', { email: known });
      const forNew = await browser.post('/dashboard/sign-in', { email: newEmail() });
      expect(forNew.status).toBe(forKnown.status);
      expect(forNew.text).toBe(forKnown.text);
    });

    it('creates no account from a link used by a form of another site', async () => {
      const email = newEmail();
      const visitor = new DashboardHttp(stack.baseUrl);
      await visitor.post('/dashboard/sign-in', { email });
      const token = new URL(latestSignInLink(email) ?? '').searchParams.get('token') ?? '';
      const foreign = await visitor.post(
        '/dashboard/session',
        { token },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
      expect(await stack.operator.listUsers()).not.toContainEqual(
        expect.objectContaining({ email }),
      );
    });
  });
});

describe('with SIGNUP=closed', () => {
  let closed: TestStack;
  beforeAll(async () => {
    closed = await startTestStack({ SIGNUP: 'closed' });
  });
  afterAll(async () => {
    await closed?.close();
  });

  it('mails nothing to a new address and answers the same page', async () => {
    const known = newEmail();
    await closed.operator.createUser({ email: known, plan: 'free' });
    const stranger = newEmail();
    const browser = new DashboardHttp(closed.baseUrl);
    const forKnown = await browser.post('/dashboard/sign-in', { email: known });
    const forStranger = await browser.post('/dashboard/sign-in', { email: stranger });
    expect(forStranger.text).toBe(forKnown.text);
    expect(
      getOutbox()
        .messages()
        .some((mail) => mail.to === stranger),
    ).toBe(false);
    expect(latestSignInLink(known)).toBeDefined();
  });
});
