import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createOutbox } from '#shared/adapters/mail/outbox';
import { createSesMailPort } from '#shared/adapters/mail/ses';
import { signAwsRequest } from '#shared/adapters/mail/sigv4';
import { mailTransportOf } from '#shared/wiring/mail';

const SUITE = {
  region: 'us-east-1',
  service: 'service',
  credentials: {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  },
  now: new Date('2015-08-30T12:36:00Z'),
};

describe('SigV4 signing', () => {
  it("signs the AWS test suite's get-vanilla request as published", () => {
    const headers = signAwsRequest({
      ...SUITE,
      method: 'GET',
      url: 'https://example.amazonaws.com/',
    });
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it("signs the suite's post-vanilla request as published", () => {
    const headers = signAwsRequest({
      ...SUITE,
      method: 'POST',
      url: 'https://example.amazonaws.com/',
    });
    expect(headers.authorization).toMatch(
      /Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b$/,
    );
  });

  it('signs the session token of role credentials along with the request', () => {
    const headers = signAwsRequest({
      ...SUITE,
      credentials: { ...SUITE.credentials, sessionToken: 'token' },
      method: 'GET',
      url: 'https://example.amazonaws.com/',
    });
    expect(headers['x-amz-security-token']).toBe('token');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });
});

describe('the SES mail port', () => {
  it('posts one signed SendEmail request to the regional SES v2 endpoint', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const port = createSesMailPort({
      region: 'eu-west-1',
      from: 'no-reply@example.com',
      credentials: () => SUITE.credentials,
      clock: systemClock,
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response('{}', { status: 200 });
      },
    });
    await port.send({ to: 'you@example.com', subject: 'Sign in', text: 'https://x/y' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      /\/eu-west-1\/ses\/aws4_request, SignedHeaders=content-type;host;x-amz-date,/,
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['you@example.com'] },
      Content: { Simple: { Body: { Text: { Data: 'https://x/y' } } } },
    });
  });

  it('turns a refusal by SES into a 503 the caller can retry', async () => {
    const port = createSesMailPort({
      region: 'eu-west-1',
      from: 'no-reply@example.com',
      credentials: () => SUITE.credentials,
      clock: systemClock,
      fetch: async () => new Response('MessageRejected', { status: 400 }),
    });
    await expect(port.send({ to: 'a@b.example', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});

describe('the mail transport', () => {
  it('is the outbox off AWS and SES on Lambda unless MAIL_TRANSPORT says otherwise', () => {
    expect(mailTransportOf({})).toBe('outbox');
    expect(mailTransportOf({ AWS_LAMBDA_FUNCTION_NAME: 'fn' })).toBe('ses');
    expect(mailTransportOf({ AWS_LAMBDA_FUNCTION_NAME: 'fn', MAIL_TRANSPORT: 'outbox' })).toBe(
      'outbox',
    );
  });

  it('keeps outbox messages in order and tells listeners as they arrive', async () => {
    const outbox = createOutbox(() => new Date('2026-01-01T00:00:00Z'));
    const heard: string[] = [];
    const stop = outbox.subscribe((entry) => heard.push(entry.to));
    await outbox.send({ to: 'a@example.com', subject: 's', text: 't' });
    stop();
    await outbox.send({ to: 'b@example.com', subject: 's', text: 't' });
    expect(outbox.messages().map((entry) => entry.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(heard).toEqual(['a@example.com']);
  });
});
