/**
 * The mail port on AWS: Amazon SES (API v2, SendEmail) over HTTPS, signed with the function's
 * own role credentials (the Lambda environment provides them). A refusal or an outage becomes an
 * UnavailableError carrying SES's answer for the log.
 */

import type { MailPort } from '#shared/domain/accounts/mail-port';
import type { Clock } from '#shared/domain/kernel/clock';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { type AwsCredentials, signAwsRequest } from './sigv4.ts';

export interface SesOptions {
  region: string;
  from: string;
  credentials: () => AwsCredentials;
  fetch?: typeof fetch;
  clock: Clock;
}

export function createSesMailPort(options: SesOptions): MailPort {
  const send = options.fetch ?? fetch;
  return {
    async send(message) {
      const url = `https://email.${options.region}.amazonaws.com/v2/email/outbound-emails`;
      const body = JSON.stringify({
        FromEmailAddress: options.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      });
      const headers = signAwsRequest({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        body,
        region: options.region,
        service: 'ses',
        credentials: options.credentials(),
        now: options.clock.now(),
      });
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        throw mailUnavailable(error);
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw mailUnavailable(new Error(`SES answered ${response.status}: ${detail}`));
      }
    },
  };
}

function mailUnavailable(cause: unknown): UnavailableError {
  return new UnavailableError(
    'service_unavailable',
    'The sign-in mail could not be sent right now. Please try again in a minute.',
    { cause },
  );
}

/** The role credentials Lambda puts in the environment, as the configuration read them. */
export interface RoleCredentialVariables {
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
}

export function roleCredentials(values: RoleCredentialVariables): AwsCredentials {
  const accessKeyId = values.AWS_ACCESS_KEY_ID;
  const secretAccessKey = values.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw mailUnavailable(new Error('no AWS credentials in the environment'));
  }
  return { accessKeyId, secretAccessKey, sessionToken: values.AWS_SESSION_TOKEN };
}
