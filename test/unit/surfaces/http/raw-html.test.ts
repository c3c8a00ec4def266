/**
 * Unescaped HTML is impossible by construction (issue 36, docs/architecture.md "Views"): the
 * views build markup only with the escaping template `html`, and the one raw door,
 * `unsafeRawHtml`, is opened only where this file's allow-list says, each with its reason. Each
 * rule holds over the real tree and fires on a violation planted in a real view.
 */
import { describe, expect, it } from 'vitest';
import { plantedIn, readSources } from '#test/support/architecture/sources';
import {
  findRawHtmlCalls,
  findTrustedOutsideHtml,
  findViewViolations,
  RAW_HTML_ROOTS,
  VIEW_ROOTS,
} from '#test/support/architecture/views';

const root = process.cwd();

/**
 * Every raw door in the code, with the reason it is safe. A new one fails this test until it is
 * added here, where a reviewer reads it.
 */
const ALLOWED_RAW_HTML: readonly [file: string, why: string][] = [
  [
    'shared/surfaces/dashboard/views/layout.ts',
    'the dashboard style sheet, a constant of this code',
  ],
  ['shared/surfaces/dashboard/views/layout.ts', 'the dashboard script, a constant of this code'],
  [
    'shared/surfaces/pages/discovery/json-ld.ts',
    'JSON with every < escaped as \\u003c: nothing in it can end the script',
  ],
  ['shared/surfaces/pages/docs-routes.ts', 'the docs page style sheet, a constant of this code'],
  ['shared/surfaces/pages/html.ts', 'the public frame style sheet, a constant of this code'],
  [
    'shared/surfaces/pages/public-layout.ts',
    'the style sheets of the public pages, constants of this code',
  ],
  ['shared/surfaces/pages/report-page.ts', 'the report page style sheet, a constant of this code'],
  ['shared/surfaces/pages/scan-box.ts', 'the scan box style sheet, a constant of this code'],
];

const VIEW = 'shared/surfaces/dashboard/views/misc-pages.ts';

describe('the views', () => {
  it('build every piece of markup with the html template', () => {
    const views = readSources(root, VIEW_ROOTS);
    expect(views.length).toBeGreaterThan(80);
    expect(findViewViolations(views)).toEqual([]);
  });

  it('leave Html.fromTrusted to html.ts', () => {
    expect(findTrustedOutsideHtml(readSources(root, RAW_HTML_ROOTS))).toEqual([]);
  });

  it('open the raw door only where the allow-list says, each with its reason', () => {
    const calls = findRawHtmlCalls(readSources(root, RAW_HTML_ROOTS));
    expect(calls.map((call) => [call.file, call.why])).toEqual(ALLOWED_RAW_HTML);
  });
});

describe('the view rule fires', () => {
  const violations = (addition: string) =>
    findViewViolations([plantedIn(root, VIEW, addition)]).map((v) => v.rule);

  it('on markup in a plain template literal', () => {
    expect(violations(`export const a = (name: string) => \`<p>\${name}</p>\`;`)).toEqual([
      'markup outside the html template',
    ]);
  });

  it('on markup built by string concatenation', () => {
    expect(
      violations("export const b = (name: string) => '<li class=\"x\">' + name + '</li>';"),
    ).toEqual(['markup outside the html template', 'markup outside the html template']);
  });

  it('on a template with another tag, and on a document start', () => {
    expect(violations(`export const c = String.raw\`<b>\${1}</b>\`;`)).toEqual([
      'markup outside the html template',
    ]);
    expect(violations("export const d = '<!doctype html>';")).toEqual([
      'markup outside the html template',
    ]);
  });

  it('on escaping by hand', () => {
    expect(
      violations(
        "import { escapeHtml } from '#shared/surfaces/http/html';\nexport const e = escapeHtml('x');",
      ),
    ).toEqual(['escapeHtml outside html.ts', 'escapeHtml outside html.ts']);
  });

  it('on an unquoted attribute value and on trusting markup', () => {
    expect(violations(`export const f = (u: string) => html\`<a href=\${u}>x</a>\`;`)).toEqual([
      'unquoted attribute value',
    ]);
    expect(violations("export const g = Html.fromTrusted('<b>');")).toEqual([
      'Html.fromTrusted outside html.ts',
      'markup outside the html template',
    ]);
  });

  it('not on text that only looks like a tag, or markup passed through the raw door', () => {
    expect(violations("export const h = 'Send Authorization: Bearer <key>';")).toEqual([]);
    expect(violations(`export const i = html\`<p class="a">\${'x'}</p>\`;`)).toEqual([]);
    expect(violations("export const j = unsafeRawHtml('<svg></svg>', 'a constant');")).toEqual([]);
  });

  it('on a raw door that is not on the allow-list, or gives no readable reason', () => {
    const planted = plantedIn(
      root,
      VIEW,
      "export const k = (m: string, why: string) => [unsafeRawHtml(m, 'mine'), unsafeRawHtml(m, why)];",
    );
    const calls = findRawHtmlCalls([planted]).map((call) => call.why);
    expect(calls).toEqual(['mine', undefined]);
  });
});
