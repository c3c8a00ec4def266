/**
 * The Slack and mail channels as the delivery workflow's attempt step uses them (the webhooks'
 * `ChannelPort`): one Slack post through the same guarded sender as webhooks (addresses checked
 * again when it connects), or one mail through the mail port; and whether the rule or digest a
 * delivery belongs to still exists, so deleting a rule stops its retries.
 */
import type { MailPort } from '#shared/domain/accounts/mail-port';
import type { AttemptResult } from '#shared/domain/webhooks/attempt';
import type { SendPort } from '#shared/domain/webhooks/sender';
import type { ChannelPort } from '#shared/domain/webhooks/steps';
import type { MailBody } from './messages.ts';
import type { AlertStore } from './ports.ts';

export interface ChannelDeps {
  alerts: Pick<AlertStore, 'getAlert' | 'getDigest'>;
  /** One POST through the guarded agent (the webhooks' sender, without a signature). */
  post: SendPort;
  mail: MailPort;
}

/** The status a mail attempt records when the mail service accepted it. */
export const MAIL_ACCEPTED = 202;

async function sendMail(mail: MailPort, to: string, body: string): Promise<AttemptResult> {
  const started = Date.now();
  let message: MailBody;
  try {
    message = JSON.parse(body) as MailBody;
  } catch {
    return {
      error: { class: 'blocked', message: 'The mail to send is unreadable' },
      durationMs: 0,
    };
  }
  try {
    await mail.send({ to, subject: message.subject, text: message.text });
    return {
      status: MAIL_ACCEPTED,
      durationMs: Date.now() - started,
      bodySnippet: '',
      truncated: false,
      retryAfter: null,
      location: null,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      error: { class: 'network', message: `The mail service refused it: ${reason}`.slice(0, 500) },
      durationMs: Date.now() - started,
    };
  }
}

export function createChannelPort(deps: ChannelDeps): ChannelPort {
  return {
    send(delivery) {
      if (delivery.channel.kind === 'email') {
        return sendMail(deps.mail, delivery.channel.target, delivery.body);
      }
      return deps.post({
        url: delivery.channel.target,
        headers: { 'content-type': 'application/json' },
        body: delivery.body,
      });
    },
    async stillWanted(delivery) {
      const { channel } = delivery;
      const ref = { owner_id: delivery.account_id, case_id: channel.case_id };
      if (channel.alert_id)
        return (await deps.alerts.getAlert(ref, channel.alert_id)) !== undefined;
      const digest = await deps.alerts.getDigest(ref);
      return digest?.enabled === true && digest.email.includes(channel.target);
    },
  };
}
