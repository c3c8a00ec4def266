/**
 * Which mail port this process uses. MAIL_TRANSPORT `outbox` (the default off AWS) keeps every
 * message in the process for the local stack to print; `ses` (the default on Lambda) sends
 * through Amazon SES from MAIL_FROM, a verified SES identity. On Lambda the outbox is never the
 * default: a sign-in link must not end up in a log.
 */
import { z } from 'zod';
import { lazy } from '#shared/wiring/lazy';
import { LOCAL_OUTBOX } from '../adapters/mail/outbox.ts';
import { createSesMailPort, credentialsFromEnv } from '../adapters/mail/ses.ts';
import type { MailPort } from '../domain/accounts/mail-port.ts';

const MailConfigSchema = z.object({
  MAIL_TRANSPORT: z.enum(['outbox', 'ses']).optional(),
  MAIL_FROM: z.string().optional(),
  SES_REGION: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});

export type MailTransport = 'outbox' | 'ses';

export function mailTransportOf(env: NodeJS.ProcessEnv): MailTransport {
  const parsed = MailConfigSchema.parse(env);
  return parsed.MAIL_TRANSPORT ?? (parsed.AWS_LAMBDA_FUNCTION_NAME ? 'ses' : 'outbox');
}

export const getMailPort = lazy((): MailPort => {
  const config = MailConfigSchema.parse(process.env);
  if (mailTransportOf(process.env) === 'outbox') return LOCAL_OUTBOX;
  if (!config.MAIL_FROM) {
    throw new Error('MAIL_FROM must name a verified SES sender when MAIL_TRANSPORT is ses');
  }
  return createSesMailPort({
    region: config.SES_REGION ?? config.AWS_REGION,
    from: config.MAIL_FROM,
    credentials: () => credentialsFromEnv(),
  });
});
