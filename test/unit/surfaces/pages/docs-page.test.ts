/**
 * The `/docs` page and its markdown form: a table of contents, inline code rendered from the
 * manifest's backticks (escaped), and every API route's request and response example.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { docsMarkdown } from '#shared/surfaces/pages/discovery/docs-markdown';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';
import { inlineCode } from '#shared/surfaces/pages/docs-routes';

const BASE = 'https://api.example.com';
const API_ROUTES = ROUTES.filter(
  (route) => route.area !== 'dashboard' && route.area !== 'discovery',
);

describe('inline code', () => {
  it('renders backtick spans as code and escapes everything', () => {
    expect(inlineCode('Send `Idempotency-Key` <b>&')).toBe(
      'Send <code>Idempotency-Key</code> &lt;b&gt;&amp;',
    );
    expect(inlineCode('`<script>`')).toBe('<code>&lt;script&gt;</code>');
  });

  it('keeps an unmatched backtick as it is', () => {
    expect(inlineCode('a `b` c ` d')).toBe('a <code>b</code> c ` d');
  });
});

describe('the docs page', () => {
  const html = renderDocsPage(BASE);

  it('has a table of contents linking the sections and every API route', () => {
    const toc = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    expect(toc).toContain('href="#standards"');
    expect(toc).toContain('href="#mcp"');
    for (const route of API_ROUTES) expect(toc).toContain(`href="#${route.operationId}"`);
  });

  it('gives every route of the manifest a section with its request example', () => {
    for (const route of ROUTES) {
      const start = html.indexOf(`id="${route.operationId}"`);
      expect(start, route.operationId).toBeGreaterThan(0);
      const shown = route.area === 'dashboard' ? `<code>${route.method} /dashboard` : '<code>curl';
      expect(html.slice(start, start + 4000), route.operationId).toContain(
        `<pre tabindex="0">${shown}`,
      );
    }
  });

  it('shows the dashboard as a browser uses it: the ars_session cookie and the CSRF field', () => {
    for (const route of ROUTES.filter((candidate) => candidate.area === 'dashboard')) {
      const start = html.indexOf(`id="${route.operationId}"`);
      const section = html.slice(start, html.indexOf('</details>', start));
      expect(section, route.operationId).not.toContain('curl');
      if (route.auth === 'session')
        expect(section, route.operationId).toContain('Cookie: ars_session=');
      if (route.auth === 'session' && route.method === 'POST') {
        expect(section, route.operationId).toContain('csrf_token=');
      }
    }
  });

  it('shows a create with its key, Idempotency-Key and a 201 with meta', () => {
    const start = html.indexOf('id="scan_domain"');
    const section = html.slice(start, html.indexOf('</section>', start));
    expect(section).toContain('Idempotency-Key: ');
    expect(section).toContain('Authorization: Bearer ars_YOUR_KEY');
    expect(section).toContain('201 Created');
    expect(section).toContain('&quot;meta&quot;');
    expect(section).toContain('&quot;code&quot;: &quot;invalid_domain&quot;');
  });
});

describe('the docs in markdown', () => {
  const markdown = docsMarkdown(BASE);

  it('lists every API route in its contents and gives each a request and a response example', () => {
    const contents = markdown.slice(0, markdown.indexOf('## Conventions'));
    for (const route of API_ROUTES) {
      expect(contents).toContain(`\`${route.method} ${route.path}\``);
      const start = markdown.indexOf(`### \`${route.method} ${route.path}\``);
      expect(start, route.operationId).toBeGreaterThan(0);
      const section = markdown.slice(start, start + 6000);
      expect(section).toContain('```sh\ncurl');
      expect(section).toContain(`Response \`${route.response.status}\``);
    }
  });
});
