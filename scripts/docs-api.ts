/**
 * Writes the generated reference part of docs/api.md (scripts/docs-api/reference.ts) between its
 * two marker comments, leaving the hand-written guide around it as it is. `npm run docs:api`
 * writes the file; `npm run docs:api -- --check` only says whether it is stale (exit 1), which is
 * what test/unit/docs/api-reference.test.ts asserts in `npm test`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { renderReference } from '#scripts/docs-api/reference';

const API_DOC_PATH = new URL('../docs/api.md', import.meta.url);

export const BEGIN_MARKER =
  '<!-- BEGIN GENERATED REFERENCE: written by `npm run docs:api`; edit the manifest, schemas or error table instead -->';
export const END_MARKER = '<!-- END GENERATED REFERENCE -->';

/** The document's generated part (between the markers), or an error when a marker is missing. */
export function generatedPart(document: string): string {
  const begin = document.indexOf(BEGIN_MARKER);
  const end = document.indexOf(END_MARKER);
  if (begin < 0 || end < begin)
    throw new Error('docs/api.md lacks the generated-reference markers');
  return document.slice(begin + BEGIN_MARKER.length, end);
}

/** The document with its generated part replaced by `reference`. */
export function withReference(document: string, reference: string): string {
  const current = generatedPart(document);
  const begin = document.indexOf(BEGIN_MARKER) + BEGIN_MARKER.length;
  return `${document.slice(0, begin)}\n${reference}\n${document.slice(begin + current.length)}`;
}

/** The document as the script would write it now. */
export function regenerated(document: string): string {
  return withReference(document, renderReference());
}

async function main(): Promise<void> {
  const document = await readFile(API_DOC_PATH, 'utf8');
  const next = regenerated(document);
  if (process.argv.includes('--check')) {
    const stale = next !== document;
    console.log(stale ? 'docs/api.md is stale: run `npm run docs:api`' : 'docs/api.md is current');
    process.exitCode = stale ? 1 : 0;
    return;
  }
  await writeFile(API_DOC_PATH, next);
  console.log(`wrote ${API_DOC_PATH.pathname}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
