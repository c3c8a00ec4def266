/**
 * Moves the block comment that follows a file's imports to the top of the file, in every source
 * file under the header rule's folders (headers.ts); prints what it moved and what still has no
 * header. Run with `npx tsx test/support/architecture/move-headers.ts`, then `npx biome check
 * --write` on the files it names.
 */
import { writeFileSync } from 'node:fs';
import { HEADER_ROOTS, hasHeader, moveHeaderAboveImports } from './headers.ts';
import { readSources } from './sizes.ts';

const root = process.cwd();
for (const file of readSources(root, HEADER_ROOTS)) {
  const moved = moveHeaderAboveImports(file.path, file.text);
  if (moved !== undefined) {
    writeFileSync(`${root}/${file.path}`, moved);
    console.log(`moved   ${file.path}`);
  } else if (!hasHeader(file.text)) {
    console.log(`missing ${file.path}`);
  }
}
