#!/usr/bin/env node
// The one test command (README, .ci/run): the client package's build, then every vitest project
// (unit, adapters, integration, client, browser, infra) with the type check, the lint and knip
// (knip.jsonc: no unused file, export, type or dependency) running beside them. Prints a plain
// `N passed, M failed` total as its last line; the type check, the lint, knip and the client
// build count as one check each, every vitest test as one.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsFile = '.test-results/vitest.json';
let passed = 0;
let failed = 0;

/**
 * Runs one check and resolves to whether it passed. `inherit` streams its output; otherwise
 * (a check beside the tests) the output is kept and printed when it ends, so it never interleaves.
 */
function run(title, command, args, { inherit }) {
  const started = Date.now();
  const heading = `=== ${title}: ${command} ${args.join(' ')}`;
  if (inherit) console.log(`\n${heading}`);
  const child = spawn(command, args, { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!inherit) console.log(`\n${heading}\n${output.trimEnd()}`);
      console.log(
        `=== ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`,
      );
      resolve(status === 0);
    });
  });
}

// client/dist is what the README examples import (test/client/readme.test.ts): built first.
if (await run('client build', 'tsc', ['-p', 'client/tsconfig.json'], { inherit: true }))
  passed += 1;
else failed += 1;
// The type check, the lint and knip need no test to finish: they run beside the tests, whose
// integration files spend much of their time waiting on loopback servers and timers.
const checks = [
  run('type check', 'tsc', ['--noEmit', '-p', 'tsconfig.json'], { inherit: false }),
  run('lint', 'biome', ['check', '.'], { inherit: false }),
  run('unused code', 'knip', ['--no-progress'], { inherit: false }),
];

mkdirSync('.test-results', { recursive: true });
rmSync(resultsFile, { force: true });
const extra = process.argv.slice(2);
const vitestOk = await run(
  'tests (unit, adapters, integration, client, browser, infra)',
  'vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...extra],
  { inherit: true },
);
try {
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no failed test of its own; count it so it cannot hide.
  const brokenSuites = report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  failed += brokenSuites;
  if (!vitestOk && report.numFailedTests === 0 && brokenSuites === 0) failed += 1;
  // The browser tests skip themselves when no Chromium is installed: say so plainly.
  const browserSuites = report.testResults.filter((suite) => suite.name.includes('/test/browser/'));
  const browserRan = browserSuites.some((suite) =>
    suite.assertionResults.some((test) => test.status === 'passed' || test.status === 'failed'),
  );
  if (browserSuites.length > 0 && !browserRan) {
    console.log(
      '\n=== browser tests: SKIPPED, no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)',
    );
  }
} catch {
  console.error(`could not read ${resultsFile}: vitest did not produce a report`);
  failed += 1;
}

for (const ok of await Promise.all(checks)) {
  if (ok) passed += 1;
  else failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
