import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { csrfOf, DashboardHttp, latestSignInLink } from '#test/browser/support/dashboard-http';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { latestInvitationToken } from '#test/support/teams';

/**
 * Issue 35 point 2 and the dashboard's part of point 1, through the local front: the invitation
 * mail to its acceptance on the dashboard (signing up on the way), every refusal of the link as a
 * clear page, the Team page and its forms, the switcher, and the role's limits on pages and forms
 * (hidden, and refused with 403 when sent anyway).
 */
let stack: TestStack;
let ownerKey: string;
let accountId: string;
const OWNER = 'boss@team-dash.example';

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
  accountId = (await stack.operator.listUsers()).find((user) => user.email === OWNER)?.id ?? '';
});
afterAll(async () => {
  await stack?.close();
});

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 6)}@team-dash.example`;

async function invite(email: string, role = 'member'): Promise<string> {
  const made = await callJson(stack.baseUrl, '/api/v1/account/invitations', {
    method: 'POST',
    key: ownerKey,
    body: { email, role },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const token = latestInvitationToken(email);
  if (!token) throw new Error('no invitation mailed');
  return token;
}

/** A person signed in (a user is made for them first). */
async function signedIn(email: string): Promise<{ browser: DashboardHttp; csrf: string }> {
  if (!(await stack.operator.listUsers()).some((user) => user.email === email)) {
    await stack.operator.createUser({ email, plan: 'free' });
  }
  const browser = new DashboardHttp(stack.baseUrl);
  return { browser, csrf: await browser.signIn(email) };
}

async function acceptAs(
  email: string,
  role = 'member',
): Promise<{ browser: DashboardHttp; csrf: string }> {
  const token = await invite(email, role);
  const person = await signedIn(email);
  const accepted = await person.browser.post(`/dashboard/invitations/${token}`, {
    csrf_token: person.csrf,
  });
  expect(accepted.status).toBe(303);
  return person;
}

/** An event of the audit log, as much of it as these tests read. */
interface AuditEntry {
  action: string;
  actor: { type: string; id: string; email?: string };
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

describe('an invitation from its mail to its acceptance', () => {
  it('signs a new address up on the way and comes back to the invitation, then joins', async () => {
    const email = address('newcomer');
    const token = await invite(email, 'viewer');
    const browser = new DashboardHttp(stack.baseUrl);
    const path = `/dashboard/invitations/${token}`;
    const unsigned = await browser.get(path);
    expect(unsigned.status).toBe(303);
    expect(unsigned.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    const signIn = await browser.get(unsigned.location ?? '');
    expect(signIn.text).toContain(`name="next" value="${path}"`);
    expect((await browser.post('/dashboard/sign-in', { email, next: path })).status).toBe(200);
    const link = latestSignInLink(email) ?? '';
    const confirm = await browser.get(link);
    const linkToken = /name="token" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
    const session = await browser.post('/dashboard/session', { token: linkToken });
    expect(session.status).toBe(303);
    expect(session.location).toBe(path);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Join');
    expect(page.text).toContain('viewer');
    const accepted = await browser.post(path, { csrf_token: csrfOf(page.text) });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe('/dashboard/account?notice=joined');
    const team = await browser.get('/dashboard/account');
    expect(team.text).toContain(`Team: ${OWNER}`);
    expect(team.text).toMatch(/You are <strong>viewer<\/strong>/);
    const account = (await callJson(stack.baseUrl, '/api/v1/account', { key: ownerKey })).body
      .account as { members: { email: string; role: string }[] };
    expect(account.members).toContainEqual(expect.objectContaining({ email, role: 'viewer' }));
    const log = await callJson(stack.baseUrl, '/api/v1/account/audit-log?limit=100', {
      key: ownerKey,
    });
    const joined = (log.body.events as AuditEntry[]).filter(
      (event) => event.action === 'member.joined' && event.actor.email === email,
    );
    expect(joined).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'user', email }),
        target: expect.objectContaining({ type: 'member', id: joined[0]?.actor.id }),
        details: expect.objectContaining({ email, role: 'viewer' }),
      }),
    ]);
  });

  it('refuses a second use, another address, an expired, a withdrawn and a declined link', async () => {
    const email = address('twice');
    const token = await invite(email);
    const person = await signedIn(email);
    const path = `/dashboard/invitations/${token}`;
    expect((await person.browser.post(path, { csrf_token: person.csrf })).status).toBe(303);
    const again = await person.browser.get(path);
    expect(again.status).toBe(400);
    expect(again.text).toContain('accepted already');

    const other = await signedIn(address('other'));
    const foreign = await other.browser.get(
      `/dashboard/invitations/${await invite(address('meant'))}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('for another address');

    const lateEmail = address('late');
    const late = await invite(lateEmail);
    const doc = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint });
    const listed = (await callJson(stack.baseUrl, '/api/v1/account', { key: ownerKey })).body
      .account as { invitations: { id: string; email: string }[] };
    const lateId = listed.invitations.find((entry) => entry.email === lateEmail)?.id ?? '';
    await doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: KEYS.invitation(accountId, lateId),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
      }),
    );
    doc.destroy();
    const lateOne = await signedIn(lateEmail);
    const expired = await lateOne.browser.post(`/dashboard/invitations/${late}`, {
      csrf_token: lateOne.csrf,
    });
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('expired');

    const goneEmail = address('withdrawn');
    const gone = await invite(goneEmail);
    const goneId = (
      (await callJson(stack.baseUrl, '/api/v1/account', { key: ownerKey })).body.account as {
        invitations: { id: string; email: string }[];
      }
    ).invitations.find((entry) => entry.email === goneEmail)?.id;
    await callJson(stack.baseUrl, `/api/v1/account/invitations/${goneId}`, {
      method: 'DELETE',
      key: ownerKey,
    });
    const goneOne = await signedIn(goneEmail);
    const withdrawn = await goneOne.browser.get(`/dashboard/invitations/${gone}`);
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.text).toContain('withdrawn');

    const noEmail = address('declines');
    const no = await invite(noEmail);
    const noOne = await signedIn(noEmail);
    const declined = await noOne.browser.post(`/dashboard/invitations/${no}/decline`, {
      csrf_token: noOne.csrf,
    });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain('You declined');
    const after = await noOne.browser.post(`/dashboard/invitations/${no}`, {
      csrf_token: noOne.csrf,
    });
    expect(after.status).toBe(400);
    expect(after.text).toContain('declined');
    expect((await noOne.browser.get('/dashboard/invitations/not-a-token')).status).toBe(400);
  });

  it('accepts only with the CSRF token of the session, from this site', async () => {
    const email = address('csrf');
    const token = await invite(email);
    const person = await signedIn(email);
    const forged = await person.browser.post(`/dashboard/invitations/${token}`, {});
    expect(forged.status).toBe(403);
    const foreign = await person.browser.post(
      `/dashboard/invitations/${token}`,
      { csrf_token: person.csrf },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });
});

describe('the role on pages and forms', () => {
  it('hides from a member what the role cannot do and refuses it with 403 when sent', async () => {
    const { browser, csrf } = await acceptAs(address('member'));
    const team = await browser.get('/dashboard/account');
    expect(team.text).not.toContain('Mail the invitation');
    expect(team.text).not.toContain('href="/dashboard/webhooks"');
    const invited = await browser.post('/dashboard/account/invitations', {
      csrf_token: csrf,
      email: address('x'),
      role: 'viewer',
    });
    expect(invited.status).toBe(403);
    expect((await browser.get('/dashboard/webhooks')).status).toBe(403);
    const hooks = await browser.post('/dashboard/webhooks', {
      csrf_token: csrf,
      url: 'https://127.0.0.1:9/x',
    });
    expect(hooks.status).toBe(403);
  });

  it("refuses a viewer's writes (a scan, a batch, a case, a check of fixes) and lets it read", async () => {
    const { browser, csrf } = await acceptAs(address('viewer'), 'viewer');
    for (const [path, fields] of [
      ['/dashboard/scans', { domain: 'example.com' }],
      ['/dashboard/batches', { domains: 'example.com' }],
      ['/dashboard/cases', { name: 'x', domain: 'x.example', category: 'x' }],
      ['/dashboard/scans/scan_any/verify', {}],
    ] as const) {
      expect((await browser.post(path, { csrf_token: csrf, ...fields })).status, path).toBe(403);
    }
    expect((await browser.get('/dashboard/cases/new')).status).toBe(403);
    for (const path of [
      '/dashboard/scans',
      '/dashboard/cases',
      '/dashboard/batches',
      '/dashboard/keys',
    ]) {
      expect((await browser.get(path)).status, path).toBe(200);
    }
    // What the role cannot do is not offered: no scan, batch or case form, no "New case".
    expect((await browser.get('/dashboard/scans')).text).not.toContain('Scan now');
    expect((await browser.get('/dashboard/batches')).text).not.toContain('Queue the batch');
    expect((await browser.get('/dashboard/cases')).text).not.toContain(
      'href="/dashboard/cases/new"',
    );
  });
});

describe('the Team page of an admin and the switcher', () => {
  it('invites (a refused address kept as typed), changes a role, removes a member', async () => {
    const { browser, csrf } = await signedIn(OWNER);
    const refused = await browser.post('/dashboard/account/invitations', {
      csrf_token: csrf,
      email: 'not an address',
      role: 'viewer',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('value="not an address"');
    expect(refused.text).toContain('aria-invalid="true"');
    const email = address('formed');
    const sent = await browser.post('/dashboard/account/invitations', {
      csrf_token: csrf,
      email,
      role: 'admin',
    });
    expect(sent.status).toBe(303);
    expect(latestInvitationToken(email)).toBeDefined();
    const member = address('changed');
    await acceptAs(member);
    const userId =
      (await stack.operator.listUsers()).find((user) => user.email === member)?.id ?? '';
    const changed = await browser.post(`/dashboard/account/members/${userId}`, {
      csrf_token: csrf,
      role: 'viewer',
    });
    expect(changed.location).toBe('/dashboard/account?notice=role_changed');
    const owner = await browser.post(`/dashboard/account/members/${accountId}`, {
      csrf_token: csrf,
      role: 'viewer',
    });
    expect(owner.status).toBe(403);
    expect(owner.text).toContain('owner');
    const removed = await browser.post(`/dashboard/account/members/${userId}/remove`, {
      csrf_token: csrf,
    });
    expect(removed.location).toBe('/dashboard/account?notice=member_removed');
    const page = await browser.get('/dashboard/account');
    expect(page.text).not.toContain(member);
  });

  it('switches between the accounts a person belongs to, showing the role of each', async () => {
    const email = address('switcher');
    const { browser, csrf } = await acceptAs(email);
    const own = (await stack.operator.listUsers()).find((user) => user.email === email)?.id ?? '';
    const team = await browser.get('/dashboard/account');
    expect(team.text).toContain(`Team: ${OWNER}`);
    const switched = await browser.post('/dashboard/account/switch', {
      csrf_token: csrf,
      account_id: own,
    });
    expect(switched.status).toBe(303);
    const mine = await browser.get('/dashboard/account');
    expect(mine.text).toContain(`Team: ${email}`);
    expect(mine.text).toMatch(/You are <strong>owner<\/strong>/);
    const stranger = await browser.post('/dashboard/account/switch', {
      csrf_token: csrf,
      account_id: crypto.randomUUID(),
    });
    expect(stranger.status).toBe(404);
  });
});
