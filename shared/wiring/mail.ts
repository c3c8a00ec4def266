/**
 * Which mail port this process uses (MAIL_TRANSPORT, config.ts): the local outbox, whose
 * messages the local stack prints, or Amazon SES from MAIL_FROM with the function's role
 * credentials. The outbox belongs to the wiring: built on first use, emptied (its listeners
 * too) when the wiring closes.
 */
import { createOutbox } from '#shared/adapters/mail/outbox';
import { createSesMailPort, roleCredentials } from '#shared/adapters/mail/ses';
import type { MailPort } from '#shared/domain/accounts/mail-port';
import { lazy } from '#shared/wiring/lazy';
import { getClock } from '#shared/wiring/platform';

export { mailTransportOf } from './config.ts';

/** The messages this wiring "sent" with the outbox transport (the local stack, its tests). */
export const getOutbox = lazy(
  () => createOutbox(),
  (outbox) => outbox.close(),
);

export const getMailPort = lazy(({ config }): MailPort => {
  const { transport, from, region } = config.mail;
  if (transport === 'outbox') return getOutbox();
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
