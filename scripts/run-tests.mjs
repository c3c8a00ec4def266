#!/usr/bin/env node
// The one test command (README, .ci/run): the client package's build, then every vitest project
// (unit, adapters, integration, client, browser, infra) with the type check and the lint running
// beside them. Prints a plain
// `N passed, M failed` total as its last line; the type check, the lint and the client build
// count as one check each, every vitest test as one.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsFile = '.test-results/vitest.json';
let passed = 0;
let failed = 0;

function step(title, command, args) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`);
  return status === 0;
}

/** Like `step`, without blocking the event loop, so the checks beside it keep being read. */
function foreground(title, command, args) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `=== ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`,
      );
      resolve(status === 0);
    });
  });
}

/** A check run beside the tests, its output kept and printed when it ends (no interleaving). */
function background(title, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${title}: ${command} ${args.join(' ')}\n${output.trimEnd()}`);
      console.log(
        `=== ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`,
      );
      resolve(status === 0);
    });
  });
}

// client/dist is what the README examples import (test/client/readme.test.ts): built first.
if (step('client build', 'tsc', ['-p', 'client/tsconfig.json'])) passed += 1;
else failed += 1;
// The type check and the lint need no test to finish: they run beside the tests, whose
// integration files spend much of their time waiting on loopback servers and timers.
const checks = [
  background('type check', 'tsc', ['--noEmit', '-p', 'tsconfig.json']),
  background('lint', 'biome', ['check', '.']),
];

mkdirSync('.test-results', { recursive: true });
rmSync(resultsFile, { force: true });
const extra = process.argv.slice(2);
const vitestOk = await foreground(
  'tests (unit, adapters, integration, client, browser, infra)',
  'vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...extra],
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
