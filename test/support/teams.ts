import { systemClock } from '#shared/adapters/clock/system-clock';
import { createAuditLogRepository } from '#shared/adapters/dynamodb/audit-log-repository';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { acceptInvitation } from '#shared/domain/accounts/invitations';
import type { SessionPrincipal } from '#shared/domain/accounts/principal';
import type { AssignableRole } from '#shared/domain/accounts/roles';
import { sessionPrincipal } from '#shared/domain/accounts/sessions';
import {
  currentMembers,
  type TeamDeps,
  transferOwnership,
} from '#shared/domain/accounts/team-operations';
import { getOutbox } from '#shared/wiring/mail';
import { callJson, type TestStack } from './stack.ts';

/** The team area's dependencies on a test stack's store (its own client: close it). */
export function teamDepsOf(stack: TestStack): TeamDeps & { close(): void } {
  const doc = createDocumentClient({
    region: stack.config.AWS_REGION,
    endpoint: stack.dynamoEndpoint,
  });
  return {
    team: createTeamRepository(doc, stack.tableName),
    users: createUsersRepository(doc, stack.tableName),
    audit: createAuditLogRepository(doc, stack.tableName, systemClock),
    clock: systemClock,
    close: () => doc.destroy(),
  };
}

/** The token of the newest invitation mailed to `email` through the local outbox. */
export function latestInvitationToken(email: string): string | undefined {
  const mail = getOutbox()
    .messages()
    .filter((message) => message.to === email && message.subject.includes('invited'))
    .at(-1);
  return mail ? /\/dashboard\/invitations\/([\w-]+)/.exec(mail.text)?.[1] : undefined;
}

/** A signed-in person's principal as the session gate would build it (their own account). */
export async function personOf(stack: TestStack, email: string): Promise<SessionPrincipal> {
  const user = await stack.operator
    .listUsers()
    .then((users) => users.find((u) => u.email === email));
  if (!user) throw new Error(`no user ${email}`);
  return sessionPrincipal(
    { id: 'ses_test', user_id: user.id, email, csrf_token: 'csrf' },
    { accountId: user.id, role: 'owner' },
    [],
  );
}

/**
 * Makes `email` (a new user if needed) a member of the account of `managerKey` with `role`, the
 * way people do: an invitation through the API, its mailed token, accepted as that person.
 */
export async function joinByInvitation(
  stack: TestStack,
  deps: TeamDeps,
  managerKey: string,
  email: string,
  role: AssignableRole,
): Promise<void> {
  if (!(await stack.operator.listUsers()).some((user) => user.email === email)) {
    await stack.operator.createUser({ email, plan: 'free' });
  }
  const invited = await callJson(stack.baseUrl, '/api/v1/account/invitations', {
    method: 'POST',
    key: managerKey,
    body: { email, role },
  });
  if (invited.status !== 201)
    throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  const token = latestInvitationToken(email);
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  await acceptInvitation(token, await personOf(stack, email), deps);
}

/**
 * Makes the user of `email` the owner of their own account again: its current owner hands it
 * over, as the owner's dashboard would (nothing when that user owns it already).
 */
export async function handAccountBack(
  stack: TestStack,
  deps: TeamDeps,
  email: string,
): Promise<void> {
  const user = (await stack.operator.listUsers()).find((entry) => entry.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const owner = (await currentMembers(user.id, deps)).find((member) => member.role === 'owner');
  if (!owner || owner.user_id === user.id) return;
  const principal = sessionPrincipal(
    { id: 'ses_handback', user_id: owner.user_id, email: owner.email, csrf_token: 'csrf' },
    { accountId: user.id, role: 'owner' },
    [],
  );
  const links = { scanPage: () => '', batchJob: () => '', docs: () => '', billingPage: () => '' };
  await transferOwnership(
    {
      params: undefined,
      query: undefined,
      body: { user_id: user.id },
      principal,
      request: { id: 'hand-back', baseUrl: stack.baseUrl, sourceIp: '127.0.0.1', links },
    },
    deps,
  );
}
