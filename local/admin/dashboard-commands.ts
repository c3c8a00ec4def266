/**
 * The dashboard's operator command: a sign-in link printed instead of mailed, for the local
 * stack (where no mail leaves the machine) and for support. The link is the same single-use,
 * short-lived link the sign-in form mails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { STACK_FILE } from '#local/stack';
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import { normaliseEmail } from '#shared/domain/accounts/operator-service';
import { sessionSettingsFrom } from '#shared/domain/accounts/sessions';
import { issueSignInLink } from '#shared/domain/accounts/sign-in';
import { NotFoundError } from '#shared/domain/kernel/errors';
import { type Command, requireOption } from './commands.ts';
import type { AdminContext } from './context.ts';

function dashboardBaseUrl(context: AdminContext): string {
  if (context.config.PUBLIC_BASE_URL) return context.config.PUBLIC_BASE_URL;
  const stackFile = join(resolve(context.env.DATA_DIR ?? '.data'), STACK_FILE);
  if (existsSync(stackFile)) {
    const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as { base_url?: string };
    if (stack.base_url) return stack.base_url;
  }
  return `http://localhost:${context.env.PORT ?? 3000}`;
}

export const DASHBOARD_COMMANDS: Record<string, Command> = {
  'login-link': {
    usage: 'login-link --email E',
    help:
      'Print a single-use dashboard sign-in link for the user as {"url": ...} (nothing is ' +
      'mailed). It expires after SIGN_IN_LINK_TTL_S (default 15 minutes). The base URL is ' +
      "PUBLIC_BASE_URL, else the running stack's, else http://localhost:$PORT.",
    async run(context, values) {
      const email = normaliseEmail(requireOption(values, 'email'));
      const user = await context.users.findUserByEmail(email);
      if (!user) {
        throw new NotFoundError(`No user with e-mail ${email}. Create it first with create-user.`);
      }
      const { url } = await issueSignInLink(user, dashboardBaseUrl(context), {
        sessions: createSessionsRepository(context.doc, context.config.TABLE_NAME),
        settings: sessionSettingsFrom(context.env),
        clock: context.clock,
      });
      return { url };
    },
  },
};
