/**
 * `npm run docs:examples`: sends every route's docs example to a fresh local stack and writes
 * the answers to `shared/surfaces/api/captured-examples.json` (docs/decisions.md "Docs examples
 * that run"). Run it after changing a route, its example or what it answers; the integration
 * test test/integration/docs-examples.test.ts fails until the file matches.
 */
import { writeFile } from 'node:fs/promises';
import { CAPTURED_FILE, captureExamples } from './run.ts';

const captured = await captureExamples();
await writeFile(CAPTURED_FILE, `${JSON.stringify(captured, null, 2)}\n`);
console.log(`${Object.keys(captured.routes).length} routes captured into ${CAPTURED_FILE}`);
