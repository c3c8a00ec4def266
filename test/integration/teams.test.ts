import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, declineInvitation } from '#shared/domain/accounts/invitations';
import type { TeamDeps } from '#shared/domain/accounts/team-operations';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { joinByInvitation, latestInvitationToken, personOf, teamDepsOf } from '#test/support/teams';

/**
 * Issue 35 through the local front: an account is a team. The account and its members, invitations
 * made and withdrawn, roles changed and members removed with their keys following at once, the
 * ownership handed over, the audit event of each change, and another account's ids as not found.
 */
let stack: TestStack;
let deps: TeamDeps & { close(): void };
const ALL = ['scans:read', 'scans:write', 'monitor:read', 'monitor:write', 'webhooks:manage'];
const MANAGE = [...ALL, 'account:manage'];
const OWNER = 'owner@team.example';

let accountId: string;
let legacyKey: string;
let ownerKey: string;

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 6)}@team.example`;

beforeAll(async () => {
  stack = await startTestStack();
  deps = teamDepsOf(stack);
  legacyKey = await stack.createKey(ALL, { email: OWNER });
  ownerKey = await stack.createKey(MANAGE, { email: OWNER });
  accountId = (await stack.operator.listUsers()).find((user) => user.email === OWNER)?.id ?? '';
});
afterAll(async () => {
  deps?.close();
  await stack?.close();
});

const api = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
  callJson(stack.baseUrl, path, { ...init, key });

interface Event {
  action: string;
  actor: { type: string; id: string; email?: string };
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

async function events(limit = 100): Promise<Event[]> {
  const log = await api(`/api/v1/account/audit-log?limit=${limit}`, ownerKey);
  expect(log.status, JSON.stringify(log.body)).toBe(200);
  return log.body.events as Event[];
}

async function memberKey(email: string, role: 'admin' | 'member' | 'viewer', scopes: string[]) {
  await joinByInvitation(stack, deps, ownerKey, email, role);
  return stack.createKey(scopes, { email, accountId });
}

async function userIdOf(email: string): Promise<string> {
  const user = (await stack.operator.listUsers()).find((entry) => entry.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

const CASE = { name: 'Team Co', domain: 'team-co.example', category: 'analytics' };

describe('an account made before teams', () => {
  it('reads as its user owning it alone, with a key that has no account scope', async () => {
    const other = await stack.createKey(ALL);
    const read = await api('/api/v1/account', other);
    expect(read.status).toBe(200);
    const account = read.body.account as Record<string, unknown>;
    expect(account).toMatchObject({ plan: 'pro', subscription: 'active', invitations: [] });
    expect(account.members).toEqual([
      expect.objectContaining({ user_id: account.id, role: 'owner' }),
    ]);
    const cases = await api('/api/v1/cases', other);
    expect(cases.status).toBe(200);
  });

  it('needs account:manage for the team routes: 403 insufficient_scope otherwise', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/account/audit-log'],
      ['POST', '/api/v1/account/invitations'],
      ['POST', '/api/v1/account/transfer'],
    ] as const) {
      const refused = await api(path, legacyKey, method === 'GET' ? {} : { method, body: {} });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error?.code).toBe('insufficient_scope');
    }
  });
});

describe('invitations', () => {
  it('invites with a role, lists the invitation with the account, and withdraws it', async () => {
    const email = address('invitee');
    const created = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email, role: 'viewer' },
    });
    expect(created.status).toBe(201);
    const invitation = created.body.invitation as Record<string, string>;
    expect(invitation).toMatchObject({ email, role: 'viewer' });
    expect(invitation.id).toMatch(/^inv_/);
    const days = (Date.parse(invitation.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const account = (await api('/api/v1/account', ownerKey)).body.account as {
      invitations: unknown[];
    };
    expect(account.invitations).toContainEqual(invitation);
    const again = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email, role: 'member' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('already_invited');
    const withdrawn = await api(`/api/v1/account/invitations/${invitation.id}`, ownerKey, {
      method: 'DELETE',
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.withdrawn).toBe(invitation.id);
    const twice = await api(`/api/v1/account/invitations/${invitation.id}`, ownerKey, {
      method: 'DELETE',
    });
    expect(twice.status).toBe(404);
    const after = (await api('/api/v1/account', ownerKey)).body.account as {
      invitations: { id: string }[];
    };
    expect(after.invitations.map((entry) => entry.id)).not.toContain(invitation.id);
    const logged = await events();
    expect(logged.map((event) => `${event.action}:${event.target.id}`)).toEqual(
      expect.arrayContaining([
        `invitation.created:${invitation.id}`,
        `invitation.withdrawn:${invitation.id}`,
      ]),
    );
  });

  it('is closed for good by the invitee declining, with its event', async () => {
    const email = address('decliner');
    await stack.operator.createUser({ email, plan: 'free' });
    await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email, role: 'member' },
    });
    const token = latestInvitationToken(email) ?? '';
    await declineInvitation(token, await personOf(stack, email), deps);
    await expect(acceptInvitation(token, await personOf(stack, email), deps)).rejects.toThrow(
      /declined/,
    );
    const logged = (await events()).find((event) => event.action === 'invitation.declined');
    expect(logged?.actor).toMatchObject({ type: 'user', email });
  });

  it('refuses the owner role, a malformed address, and a member’s address', async () => {
    const owner = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email: address('x'), role: 'owner' },
    });
    expect(owner.status).toBe(400);
    const malformed = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email: 'not an address', role: 'member' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.code).toBe('invalid_email');
    const member = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email: OWNER, role: 'member' },
    });
    expect(member.status).toBe(409);
    expect(member.body.error?.code).toBe('already_member');
  });
});

describe('members, roles and their keys', () => {
  it('lets a member act for the account: a case they create belongs to it', async () => {
    const email = address('member');
    const key = await memberKey(email, 'member', ['monitor:read', 'monitor:write']);
    const created = await api('/api/v1/cases', key, { method: 'POST', body: CASE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const caseId = (created.body.case as { id: string }).id;
    const listed = await api('/api/v1/cases', ownerKey);
    const entry = (listed.body.cases as { id: string; user_id: string }[]).find(
      (item) => item.id === caseId,
    );
    expect(entry?.user_id).toBe(accountId);
    const logged = (await events()).find(
      (event) => event.action === 'case.created' && event.target.id === caseId,
    );
    expect(logged?.actor).toMatchObject({ type: 'key', email });
    const account = (await api('/api/v1/account', key)).body.account as {
      members: { email: string; role: string }[];
    };
    expect(account.members).toContainEqual(expect.objectContaining({ email, role: 'member' }));
  });

  it('refuses the operator a key beyond the member’s role, naming the role', async () => {
    const email = address('viewer');
    await joinByInvitation(stack, deps, ownerKey, email, 'viewer');
    await expect(
      stack.operator.createKey({ email, scopes: ['scans:write'], plugin: false, accountId }),
    ).rejects.toThrow(/viewer/);
    const reader = await stack.createKey(['scans:read'], { email, accountId });
    expect((await api('/api/v1/account', reader)).status).toBe(200);
  });

  it('narrows the keys of a member whose role goes down, at once', async () => {
    const email = address('lowered');
    const key = await memberKey(email, 'member', ['monitor:read', 'monitor:write']);
    const userId = await userIdOf(email);
    const changed = await api(`/api/v1/account/members/${userId}`, ownerKey, {
      method: 'PATCH',
      body: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.member).toMatchObject({ user_id: userId, email, role: 'viewer' });
    const write = await api('/api/v1/cases', key, { method: 'POST', body: CASE });
    expect(write.status).toBe(403);
    expect(write.body.error?.code).toBe('insufficient_scope');
    expect((await api('/api/v1/cases', key)).status).toBe(200);
    const keys = (await api('/api/v1/keys', ownerKey)).body.keys as {
      id: string;
      scopes: string[];
    }[];
    const logged = (await events()).find(
      (event) => event.action === 'member.role_changed' && event.target.id === userId,
    );
    expect(logged?.details).toMatchObject({ from: 'member', to: 'viewer' });
    const narrowedIds = (logged?.details.keys_narrowed ?? []) as string[];
    const narrowed = keys.find((entry) => entry.id === narrowedIds[0]);
    expect(narrowed?.scopes).toEqual(['monitor:read']);
  });

  it('revokes the keys of a removed member at once: 401 unauthorized', async () => {
    const email = address('removed');
    const key = await memberKey(email, 'admin', ['scans:read', 'account:manage']);
    expect((await api('/api/v1/account/audit-log', key)).status).toBe(200);
    const userId = await userIdOf(email);
    const removed = await api(`/api/v1/account/members/${userId}`, ownerKey, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(userId);
    const refused = await api('/api/v1/account', key);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('unauthorized');
    const logged = (await events()).find(
      (event) => event.action === 'member.removed' && event.target.id === userId,
    );
    expect(logged?.details).toMatchObject({ email, role: 'admin' });
    expect(logged?.details.keys_revoked).toHaveLength(1);
    const again = await api(`/api/v1/account/members/${userId}`, ownerKey, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('never changes or removes the owner but by a transfer', async () => {
    const admin = await memberKey(address('admin'), 'admin', MANAGE);
    const patched = await api(`/api/v1/account/members/${accountId}`, admin, {
      method: 'PATCH',
      body: { role: 'viewer' },
    });
    expect(patched.status).toBe(403);
    expect(patched.body.error?.code).toBe('insufficient_role');
    const removed = await api(`/api/v1/account/members/${accountId}`, admin, { method: 'DELETE' });
    expect(removed.status).toBe(403);
    const transfer = await api('/api/v1/account/transfer', admin, {
      method: 'POST',
      body: { user_id: accountId },
    });
    expect(transfer.status).toBe(403);
    expect(transfer.body.error?.code).toBe('insufficient_role');
  });
});

describe('another account', () => {
  it('reads every id of this account as not found', async () => {
    const stranger = await stack.createKey(MANAGE);
    const invitation = await api('/api/v1/account/invitations', ownerKey, {
      method: 'POST',
      body: { email: address('pending'), role: 'member' },
    });
    const id = (invitation.body.invitation as { id: string }).id;
    expect(
      (await api(`/api/v1/account/invitations/${id}`, stranger, { method: 'DELETE' })).status,
    ).toBe(404);
    for (const method of ['PATCH', 'DELETE']) {
      const answer = await api(`/api/v1/account/members/${accountId}`, stranger, {
        method,
        body: { role: 'viewer' },
      });
      expect(answer.status, method).toBe(404);
    }
    const own = (await api('/api/v1/account/audit-log', stranger)).body.events as Event[];
    expect(own.some((event) => event.target.id === id)).toBe(false);
  });
});

describe('the audit log', () => {
  it('lists newest first, page by page, and refuses a limit outside 1 to 100', async () => {
    const first = await api('/api/v1/account/audit-log?limit=2', ownerKey);
    const page = first.body.events as (Event & { at: string })[];
    expect(page).toHaveLength(2);
    expect(Date.parse(page[0]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(page[1]?.at ?? ''));
    const cursor = first.body.next_cursor as string;
    const second = await api(
      `/api/v1/account/audit-log?limit=2&cursor=${encodeURIComponent(cursor)}`,
      ownerKey,
    );
    const next = second.body.events as Event[];
    expect(next.map((event) => JSON.stringify(event))).not.toContain(JSON.stringify(page[0]));
    for (const limit of ['0', '101', 'x']) {
      expect((await api(`/api/v1/account/audit-log?limit=${limit}`, ownerKey)).status).toBe(400);
    }
  });
});

describe('handing the account over', () => {
  it('makes the member the one owner and the owner an admin, in one step', async () => {
    const email = address('heir');
    const heirKey = await memberKey(email, 'admin', MANAGE);
    const heir = await userIdOf(email);
    const moved = await api('/api/v1/account/transfer', ownerKey, {
      method: 'POST',
      body: { user_id: heir },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const members = (moved.body.account as { members: { user_id: string; role: string }[] })
      .members;
    expect(members.filter((member) => member.role === 'owner')).toEqual([
      expect.objectContaining({ user_id: heir }),
    ]);
    expect(members).toContainEqual(expect.objectContaining({ user_id: accountId, role: 'admin' }));
    const back = await api('/api/v1/account/transfer', ownerKey, {
      method: 'POST',
      body: { user_id: accountId },
    });
    expect(back.status).toBe(403);
    const logged = (await events()).filter((event) => event.details.transfer === true);
    expect(logged.map((event) => [event.target.id, event.details.to])).toEqual(
      expect.arrayContaining([
        [heir, 'owner'],
        [accountId, 'admin'],
      ]),
    );
    // The new owner may hand it back; the old owner's keys worked as an admin meanwhile.
    const returned = await api('/api/v1/account/transfer', heirKey, {
      method: 'POST',
      body: { user_id: accountId },
    });
    expect(returned.status).toBe(200);
  });
});
