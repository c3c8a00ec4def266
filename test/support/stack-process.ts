/**
 * The local stack in a process of its own, for tests that kill it (issue 36, point 10: a request
 * cut off by SIGKILL, as a function's timeout cuts it). Arguments: the data folder, the account's
 * address and the time each function is given (ms). It starts the stack on that folder, makes a
 * key for that account (the account is made once, so a restarted stack keeps the same caller) and
 * prints one JSON line, `{"base_url": ..., "key": ...}`, then serves until it is killed.
 */
import { startTestStack } from '#test/support/stack';

const [dataDir, email, timeoutText] = process.argv.slice(2);
if (!dataDir || !email || !timeoutText) {
  process.stderr.write('usage: stack-process.ts DATA_DIR EMAIL FUNCTION_TIMEOUT_MS\n');
  process.exit(2);
}
const stack = await startTestStack(
  { ALLOW_PRIVATE_TARGETS: '1', SCAN_DEADLINE_MS: timeoutText },
  dataDir,
  { functionTimeoutMs: Number(timeoutText) },
);
const key = await stack.createKey(['scans:read', 'scans:write'], { email });
process.stdout.write(`${JSON.stringify({ base_url: stack.baseUrl, key })}\n`);
process.once('SIGTERM', () => {
  void stack.close().then(() => process.exit(0));
});
