/**
 * Which mail port this process uses (MAIL_TRANSPORT, config.ts): the local outbox, whose
 * messages the local stack prints, or Amazon SES from MAIL_FROM with the function's role
 * credentials.
 */

import { LOCAL_OUTBOX } from '#shared/adapters/mail/outbox';
import { createSesMailPort, roleCredentials } from '#shared/adapters/mail/ses';
import type { MailPort } from '#shared/domain/accounts/mail-port';
import { lazy } from '#shared/wiring/lazy';
import { getClock } from '#shared/wiring/platform';

export { mailTransportOf } from './config.ts';

export const getMailPort = lazy(({ config }): MailPort => {
  const { transport, from, region } = config.mail;
  if (transport === 'outbox') return LOCAL_OUTBOX;
  if (!from) {
    throw new Error('MAIL_FROM must name a verified SES sender when MAIL_TRANSPORT is ses');
  }
  return createSesMailPort({
    region,
    from,
    credentials: () => roleCredentials(config),
    clock: getClock(),
  });
});
