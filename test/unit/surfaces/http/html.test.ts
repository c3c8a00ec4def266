/**
 * The escaping template: text becomes markup only escaped, markup stays markup, and the one raw
 * door needs a reason.
 */
import { describe, expect, it } from 'vitest';
import { Html, html, joinHtml, unsafeRawHtml } from '#shared/surfaces/http/html';

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
});
