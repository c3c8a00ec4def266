/**
 * The `/docs` page and its markdown form: a table of contents, inline code rendered from the
 * manifest's backticks (escaped), and every API route's request and response example.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { inlineCode } from '#shared/surfaces/http/html';
import { docsMarkdown } from '#shared/surfaces/pages/discovery/docs-markdown';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';

const BASE = 'https://api.example.com';
const API_ROUTES = ROUTES.filter(
  (route) => route.area !== 'dashboard' && route.area !== 'discovery',
);

describe('inline code', () => {
  it('renders backtick spans as code and escapes everything', () => {
    expect(inlineCode('Send `Idempotency-Key` <b>&').toString()).toBe(
      'Send <code>Idempotency-Key</code> &lt;b&gt;&amp;',
    );
    expect(inlineCode('`<script>`').toString()).toBe('<code>&lt;script&gt;</code>');
  });

  it('keeps an unmatched backtick as it is', () => {
    expect(inlineCode('a `b` c ` d').toString()).toBe('a <code>b</code> c ` d');
  });
});

describe('the docs page', () => {
  const html = renderDocsPage(BASE).toString();

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
        // A form's CSRF field, or the header a page's script sends a file with.
        expect(section, route.operationId).toMatch(/csrf_token=|X-CSRF-Token: /);
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

describe('the scanner and the standards it is judged by (issue 28)', () => {
  const html = renderDocsPage('https://api.example.com').toString();
  const markdown = docsMarkdown('https://api.example.com');

  it('explains the bot, its signature and how to verify or block it at #scanner', () => {
    const scanner = html.slice(html.indexOf('id="scanner"'), html.indexOf('id="standards"'));
    expect(scanner).toContain('AgentReadinessScanner/2.0');
    expect(scanner).toContain(
      'Signature-Agent: sig1="https://api.example.com/.well-known/http-message-signatures-directory"',
    );
    expect(scanner).toContain('tag="web-bot-auth"');
    expect(scanner).toContain('https://api.example.com/.well-known/signature-agent-card');
    expect(scanner).toMatch(/id="scanner-verify">How to verify or block it/);
    expect(markdown).toContain('## The scanner');
  });

  it('lists the second-wave texts with their revisions and dated drift entries', () => {
    for (const revision of [
      'draft-ietf-webbotauth-httpsig-protocol-01',
      'draft-meunier-webbotauth-registry-04',
      'ARD v0.91',
      'A2A 1.0.1',
      'RFC 8785',
      'draft-ietf-aipref-vocab-08',
      'draft-kelley-aipref-training-preference-signal-00',
      'x402 v2',
      'UCP 2026-04-08',
      'MCP 2026-07-28',
    ]) {
      expect(html, revision).toContain(revision);
    }
    expect(html.match(/followed 2026-11-28/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    expect(markdown).toContain('draft-ietf-webbotauth-httpsig-protocol-01');
  });
});

describe('the #agents section', () => {
  it('lists every registry agent with its operator and how it is verified, and how to upload logs', () => {
    const html = renderDocsPage(BASE).toString();
    const toc = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    expect(toc).toContain('href="#agents"');
    const section = html.slice(html.indexOf('id="agents"'), html.indexOf('id="mcp"'));
    for (const text of [
      '<code>GPTBot</code>',
      'OpenAI',
      'Anthropic',
      'Perplexity',
      'Google',
      'Microsoft',
      'Apple',
      'Meta',
      'Amazon',
      'ByteDance',
      'Common Crawl',
      'DuckDuckGo',
      'Mistral',
      'You.com',
      'href="https://openai.com/gptbot.json"',
      'none published: unverifiable',
      'id="agent-logs"',
      'nginx',
      'CloudFront',
      'Cloudflare',
    ]) {
      expect(section, text).toContain(text);
    }
    expect(docsMarkdown(BASE)).toContain('## AI agents and access logs');
  });
});
