import { describe, expect, it } from 'vitest';
import { handler as fallback } from '#functions/http/fallback';
import { checkGroup, textField } from '#shared/surfaces/dashboard/views/components';

/**
 * The controls' error rendering (issue 17, point 6): the message at its field, with aria-invalid
 * and aria-describedby (the form kit's own tests are in form-kit.test.ts); and the dashboard's
 * own 404 page from the `$default` route.
 */
describe('form errors at their field', () => {
  it('ties the message to the field, with its hint', () => {
    const field = textField({
      name: 'url',
      label: 'Receiver URL',
      required: true,
      hint: 'https only',
      error: 'Use https.',
    }).toString();
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('aria-describedby="f-url-hint f-url-error"');
    expect(field).toContain('<span class="req" aria-hidden="true">(required)</span>');
  });

  it('marks a checkbox group invalid and describes it by its message', () => {
    const group = checkGroup({
      name: 'scopes',
      legend: 'Scopes',
      boxes: [{ id: 'scope-a', name: 'scopes', value: 'a', label: 'a' }],
      error: 'Choose at least one.',
    }).toString();
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
