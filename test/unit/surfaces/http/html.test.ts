/**
 * The escaping template: text becomes markup only escaped, markup stays markup, and the one raw
 * door needs a reason.
 */
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_URL,
  Html,
  html,
  isLinkableUrl,
  joinHtml,
  unsafeRawHtml,
} from '#shared/surfaces/http/html';

describe('html template', () => {
  it('escapes interpolated text in content and attributes', () => {
    const hostile = `"><script>alert('x')</script>&`;
    const out = html`<a title="${hostile}">${hostile}</a>`.toString();
    expect(out).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
  });

  it('keeps nested markup and joins arrays', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  it('renders nothing for null, undefined and booleans, and numbers as text', () => {
    const shown = false;
    expect(html`${null}${undefined}${shown && html`<b>x</b>`}${true}${42}`.toString()).toBe('42');
  });

  it('joins with a separator that is itself escaped when it is text', () => {
    expect(joinHtml([html`<i>a</i>`, 'b&c'], ' & ').toString()).toBe('<i>a</i> &amp; b&amp;c');
  });

  it('lets raw markup in only with a reason', () => {
    expect(unsafeRawHtml('<svg></svg>', 'built here from numbers').toString()).toBe('<svg></svg>');
    expect(() => unsafeRawHtml('<b>', ' ')).toThrow(/reason/);
  });

  it('makes markup only through the template or the raw door', () => {
    expect(html`x` instanceof Html).toBe(true);
    // A plain object with the same shape is text, so it is escaped.
    const forged = { toString: () => '<b>' } as unknown as string;
    expect(html`${forged}`.toString()).not.toContain('<b>');
  });

  it('lets only http(s) URLs and paths on this site start a link or a source', () => {
    for (const url of [
      'https://a.example/x?y=1&z',
      'http://a.example',
      '/dashboard',
      '#top',
      '?page=2',
      '',
    ]) {
      expect(isLinkableUrl(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//elsewhere.example/x',
      '/\\elsewhere.example',
      'mailto:a@b.example',
    ]) {
      expect(isLinkableUrl(url), url).toBe(false);
    }
  });

  it('puts the blocked URL where a link from data fails the rule, in every URL attribute', () => {
    const hostile = 'javascript:alert(1)';
    expect(html`<a href="${hostile}">x</a>`.toString()).toBe(`<a href="${BLOCKED_URL}">x</a>`);
    expect(html`<img src='${hostile}'>`.toString()).toBe(`<img src='${BLOCKED_URL}'>`);
    expect(html`<form action="${'//evil.example'}"></form>`.toString()).toContain(BLOCKED_URL);
    // Markup is no URL (the browser would decode its entities into one).
    expect(html`<a href="${html`jav&#97;script:x`}">x</a>`.toString()).toContain(BLOCKED_URL);
    // A link that passes is escaped like any text; text after a fixed prefix is not a URL start.
    expect(html`<a href="${'https://a.example/?a=1&b=2'}">x</a>`.toString()).toBe(
      '<a href="https://a.example/?a=1&amp;b=2">x</a>',
    );
    expect(html`<a href="/scans/${'javascript:x'}">x</a>`.toString()).toBe(
      '<a href="/scans/javascript:x">x</a>',
    );
    expect(html`<p title="${hostile}">x</p>`.toString()).toBe(`<p title="${hostile}">x</p>`);
  });
});
