/**
 * The operator CLI's commands. Each returns the one JSON object the command prints; refusals
 * are thrown (AppError or UsageError) and become a message on stderr with exit code 2.
 */
import type { User } from '#shared/domain/accounts/ports';
import { jobView } from '#shared/domain/batch/operations';
import { NotFoundError } from '#shared/domain/kernel/errors';
import type { AdminContext } from './context.ts';

export class UsageError extends Error {}

export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  usage: string;
  help: string;
  run(context: AdminContext, values: Values): Promise<unknown>;
}

export function requireOption(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UsageError(`--${name} is required.`);
  }
  return value;
}

function optionalString(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function limitOption(values: Values, fallback: number): number {
  const raw = optionalString(values, 'limit');
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new UsageError('--limit must be a whole number from 1 to 100.');
  }
  return limit;
}

function userJson(user: User) {
  return { user: { id: user.id, email: user.email }, account: user.account };
}

async function userByEmail(context: AdminContext, email: string): Promise<User> {
  const user = await context.users.findUserByEmail(email.trim().toLowerCase());
  if (!user)
    throw new NotFoundError(`No user with e-mail ${email}. Create it first with create-user.`);
  return user;
}

const setAccount: Command = {
  usage: 'set-account --email E --plan none|free|pro [--subscription active|ended]',
  help:
    "Change a user's Monitor account: its plan and subscription state (alias: set-plan). A " +
    'change is audited (plan.changed) and mailed to the owner. When Stripe manages the plan (a ' +
    'live subscription), this overrides it until Stripe sends its next event for that ' +
    'subscription, and says so.',
  async run(context, values) {
    const { user, overridesStripe } = await context.operator.setAccount({
      email: requireOption(values, 'email'),
      plan: requireOption(values, 'plan'),
      subscription: optionalString(values, 'subscription'),
    });
    if (!overridesStripe) return userJson(user);
    const note =
      `This overrides a plan managed by Stripe (subscription ${overridesStripe.subscription_id}, ` +
      `status ${overridesStripe.status}) until Stripe's next event for that subscription; change ` +
      'the subscription itself in Stripe for a lasting change.';
    context.note(note);
    return { ...userJson(user), overrides_stripe: { ...overridesStripe, note } };
  },
};

export const USER_COMMANDS: Record<string, Command> = {
  'create-user': {
    usage: 'create-user --email E [--plan none|free|pro] [--subscription active|ended]',
    help:
      'Create a user. --plan none (default) means no Monitor account ("account": null); ' +
      '--subscription defaults to active for free and pro.',
    async run(context, values) {
      return userJson(
        await context.operator.createUser({
          email: requireOption(values, 'email'),
          plan: optionalString(values, 'plan') ?? 'none',
          subscription: optionalString(values, 'subscription'),
        }),
      );
    },
  },
  'set-account': setAccount,
  'set-plan': setAccount,
  'create-key': {
    usage: 'create-key --email E [--account ID] --scopes s1,s2 [--plugin]',
    help:
      'Create an API key; the plaintext "key" is printed only here, store it now. Scopes: ' +
      'monitor:read, monitor:write, monitor:admin, scans:read, scans:write, webhooks:manage, ' +
      'account:manage, plugin. --account makes the key of a member of that account (its id), ' +
      "within the member's role there (refused beyond it); without it, the user's own account. " +
      'monitor:admin only for addresses in ADMIN_EMAILS; --plugin marks a marketplace plugin ' +
      'key (never monitor:admin).',
    async run(context, values) {
      const scopes = requireOption(values, 'scopes')
        .split(',')
        .map((scope) => scope.trim())
        .filter((scope) => scope !== '');
      const account = values.account;
      if (account !== undefined && (typeof account !== 'string' || account.trim() === '')) {
        throw new UsageError('--account needs the id of an account (GET /api/v1/account: id).');
      }
      const { key, stored } = await context.operator.createKey({
        email: requireOption(values, 'email'),
        scopes,
        plugin: values.plugin === true,
        accountId: typeof account === 'string' ? account.trim().toLowerCase() : undefined,
      });
      return { id: stored.id, key, account: stored.user_id, scopes: stored.scopes };
    },
  },
  'list-users': {
    usage: 'list-users',
    help: 'All users with their accounts.',
    run: async (context) => ({ users: await context.operator.listUsers() }),
  },
  'list-keys': {
    usage: 'list-keys --email E',
    help: "A user's keys (id, hint, scopes, created_at, revoked_at); never the key itself.",
    run: async (context, values) => ({
      keys: await context.operator.listKeys(requireOption(values, 'email')),
    }),
  },
  'revoke-key': {
    usage: 'revoke-key --id KEY_ID',
    help: 'Revoke a key; requests with it get 401 (within KEY_CACHE_TTL_MS, default 1 s).',
    async run(context, values) {
      const revoked = await context.operator.revokeKey(requireOption(values, 'id'));
      return { id: revoked.id, revoked_at: revoked.revoked_at };
    },
  },
};

export const JOB_COMMANDS: Record<string, Command> = {
  'list-jobs': {
    usage: 'list-jobs --email E [--limit N] [--cursor C]',
    help: "An account's batch jobs, newest first, each with its status and counts.",
    async run(context, values) {
      const user = await userByEmail(context, requireOption(values, 'email'));
      const page = await context.batches.listJobs(
        user.id,
        limitOption(values, 20),
        optionalString(values, 'cursor'),
      );
      const jobs = [];
      for (const job of page.jobs) {
        jobs.push(jobView(job, await context.batches.listRows(job.id)).job);
      }
      return { email: user.email, jobs, cursor: page.cursor };
    },
  },
  'show-job': {
    usage: 'show-job --id JOB_ID',
    help: 'One batch job: status, counts, owner and one result row per domain.',
    async run(context, values) {
      const id = requireOption(values, 'id').toLowerCase();
      const job = await context.batches.getJob(id);
      if (!job) throw new NotFoundError(`No batch job ${id}.`);
      const owner = await context.users.findUserById(job.owner_id);
      return {
        ...jobView(job, await context.batches.listRows(id)),
        owner_email: owner?.email ?? null,
      };
    },
  },
  limits: {
    usage: 'limits',
    help: 'The per-plan batch limits in force (defaults merged with PLAN_LIMITS).',
    run: async (context) => ({ plans: context.limits }),
  },
};
