/**
 * docs/api.md's reference part is what `npm run docs:api` writes from the route manifest, the
 * schemas and the error table (scripts/docs-api.ts): a route, field, status or error code changed
 * in the code without running the script fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEGIN_MARKER,
  END_MARKER,
  generatedPart,
  regenerated,
  withReference,
} from '#scripts/docs-api';
import { statusOf } from '#scripts/docs-api/reference';
import type { ErrorCodeName } from '#shared/domain/kernel/errors';
import { ERROR_CODES, ROUTES } from '#shared/surfaces/api/manifest';

const document = readFileSync('docs/api.md', 'utf8');

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('docs/api.md reference', () => {
  it('is what npm run docs:api writes now', () => {
    expect(regenerated(document) === document, 'stale reference: run `npm run docs:api`').toBe(
      true,
    );
  });

  it('has its markers once each, the hand-written guide before them', () => {
    expect(count(document, BEGIN_MARKER)).toBe(1);
    expect(count(document, END_MARKER)).toBe(1);
    expect(document.indexOf('## Guide')).toBeLessThan(document.indexOf(BEGIN_MARKER));
  });

  it('lists every route with its operation id, and every error code with its status', () => {
    const reference = generatedPart(document);
    for (const route of ROUTES)
      expect(reference).toContain(`#### ${route.method} ${route.path} (${route.operationId})`);
    for (const code of Object.keys(ERROR_CODES) as ErrorCodeName[])
      expect(reference).toContain(`| ${statusOf(code)} | \`${code}\` |`);
  });

  it('notices a stale part: a route removed from the committed text', () => {
    const reference = generatedPart(document);
    const route = ROUTES[0];
    if (!route) throw new Error('the manifest has no route');
    const heading = `#### ${route.method} ${route.path} (${route.operationId})`;
    const stale = withReference(document, reference.replace(heading, '#### gone'));
    expect(regenerated(stale)).not.toBe(stale);
    expect(regenerated(stale)).toBe(document);
  });

  it('leaves the guide around the markers as it is', () => {
    const edited = document.replace('## Guide', '## Guide\n\nA sentence written by hand.');
    expect(regenerated(edited)).toBe(edited);
  });
});
