#!/usr/bin/env node
/**
 * The `agent-readiness` command (client/README.md "The CI gate"). A plain JavaScript entry, so
 * that it runs right after `npm ci` with no build step: in a checkout of the service's
 * repository (the package's TypeScript source is beside it) it loads the source through tsx,
 * and `--local` loads the scan engine from the repository; from an installed package it loads
 * the compiled `dist/` and the bundled engine `dist/local-engine.js`. Node's file system,
 * environment and output are handed to the CLI here; the CLI itself uses none of Node's APIs.
 */
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';

const source = new URL('../src/cli.ts', import.meta.url);
const inCheckout = await access(source, constants.R_OK).then(
  () => true,
  () => false,
);

let runCli;
let engine;
if (inCheckout) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import(source.href));
  engine = () => import(new URL('../../shared/wiring/local-scan.ts', import.meta.url).href);
} else {
  ({ runCli } = await import('../dist/cli.js'));
  engine = () => import('../dist/local-engine.js');
}

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text),
  fileExists: (path) =>
    access(path, constants.R_OK).then(
      () => true,
      () => false,
    ),
  localScan: async (target, options) => (await engine()).scanLocally(target, options),
});
