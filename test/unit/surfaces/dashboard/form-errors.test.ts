import { describe, expect, it } from 'vitest';
import { handler as fallback } from '#functions/http/fallback';
import { CreateKeyBodySchema } from '#shared/domain/accounts/key-schemas';
import { BadRequestError } from '#shared/domain/kernel/errors';
import { attempt, parseWith } from '#shared/surfaces/dashboard/responses';
import { checkGroup, errorBox, textField } from '#shared/surfaces/dashboard/views/components';

/**
 * The shared form-error rendering (issue 17, point 6): messages once, at their field, with
 * aria-invalid and aria-describedby, the box naming fields by their labels; and the dashboard's
 * own 404 page from the `$default` route.
 */
describe('form errors at their field', () => {
  it('maps schema issues to fields in words for people', async () => {
    const failed = await attempt(async () => parseWith(CreateKeyBodySchema, { scopes: [] }));
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.error.fields).toEqual({ scopes: 'Choose at least one.' });
  });

  it('maps an operation error code to the field it is about', async () => {
    const failed = await attempt(
      async () => {
        throw new BadRequestError('invalid_url', 'Only https receivers are accepted.');
      },
      { invalid_url: 'url' },
    );
    if (failed.ok) throw new Error('expected a failure');
    expect(failed.error.fields).toEqual({ url: 'Only https receivers are accepted.' });
  });

  it('ties the message to the field and names the field, not the message, in the box', () => {
    const error = {
      message: 'Only https receivers are accepted.',
      fields: { url: 'Only https receivers are accepted.' },
    };
    const field = textField({
      name: 'url',
      label: 'Receiver URL',
      required: true,
      hint: 'https only',
      error: error.fields.url,
    });
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('aria-describedby="f-url-hint f-url-error"');
    expect(field).toContain('<span class="req" aria-hidden="true">(required)</span>');
    const box = errorBox(error, { url: 'Receiver URL' });
    expect(box).toContain('<a href="#f-url">Receiver URL</a>');
    expect(`${box}${field}`.split('Only https receivers are accepted.').length - 1).toBe(1);
  });

  it('keeps the old box for forms that pass no labels', () => {
    const box = errorBox({
      message: 'Please check the form.',
      issues: ['name: Too small'],
      fields: { name: 'x' },
    });
    expect(box).toContain('Please check the form.');
    expect(box).toContain('<li>name: Too small</li>');
  });

  it('marks a checkbox group invalid and describes it by its message', () => {
    const group = checkGroup({
      name: 'scopes',
      legend: 'Scopes',
      boxes: '<label><input type="checkbox" name="scopes" value="a"> a</label>',
      error: 'Choose at least one.',
    });
    expect(group).toContain('aria-describedby="f-scopes-error"');
    expect(group).toContain('<input type="checkbox" aria-invalid="true"');
  });
});

describe('an unknown dashboard address', () => {
  const event = (method: string, path: string) =>
    ({
      rawPath: path,
      headers: {},
      requestContext: {
        http: { method, sourceIp: '127.0.0.1' },
        requestId: 'r1',
        domainName: 'localhost',
      },
    }) as unknown as Parameters<typeof fallback>[0];

  it('answers a 404 page in the dashboard layout, and the API its JSON', async () => {
    const page = await fallback(event('GET', '/dashboard/nope'));
    expect(page.statusCode).toBe(404);
    expect(page.headers?.['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Page not found</h1>');
    expect(page.body).not.toContain('/api/v1');
    const api = await fallback(event('GET', '/api/v1/nope'));
    expect(api.headers?.['content-type']).toContain('application/json');
  });

  it('answers a known dashboard address with the wrong method as a 405 page with Allow', async () => {
    const page = await fallback(event('GET', '/dashboard/keys/key_0123456789abcdef/revoke'));
    expect(page.statusCode).toBe(405);
    expect(page.headers?.allow).toBe('POST');
    expect(page.body).toContain('not for this kind of request');
  });
});
