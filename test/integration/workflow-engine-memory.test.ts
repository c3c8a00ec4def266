import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { StateMachine } from 'aws-local-stepfunctions';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * The local workflow engine keeps every execution's name, summary and output for as long as the
 * process runs (names stay unique, as on Step Functions), but not the execution itself: its event
 * log, history and the inputs and outputs of every state. The soak benchmark found 650 finished
 * executions kept in seven minutes (docs/decisions.md "Soak memory"). The library's execution
 * objects are watched through a wrapper of `StateMachine.prototype.run` (observation only: the
 * real method runs) and must be collectable once their execution has ended.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ WORKFLOW_TIME_SCALE: '0.01' });
});
afterAll(async () => {
  await stack?.close();
});

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('the local workflow engine', () => {
  it('lets a finished execution be collected, keeping only its name, summary and output', async () => {
    const executions: WeakRef<object>[] = [];
    // A hand-made wrapper, not vi.spyOn: a spy keeps every result it returned.
    const run = StateMachine.prototype.run;
    StateMachine.prototype.run = function (this: StateMachine, ...args) {
      const execution = run.apply(this, args);
      executions.push(new WeakRef(execution));
      return execution;
    };
    onTestFinished(() => {
      StateMachine.prototype.run = run;
    });
    // A job that does not exist: StartJob fails and the execution ends at once, FAILED.
    const names = ['first', 'second', 'third'].map((label) => `memory-${label}-${Date.now()}`);
    for (const name of names) {
      await stack.workflows.start('batch-scan', name, { job_id: `job_missing_${name}` });
    }
    for (const name of names) {
      expect((await stack.workflows.waitFor(name)).status).not.toBe('RUNNING');
    }
    expect(executions.length).toBeGreaterThanOrEqual(names.length);
    // The promise callbacks that end an execution run after waitFor's; give them a turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(executions.filter((execution) => execution.deref() !== undefined)).toHaveLength(0);
    // What the engine does keep: every name stays taken, with its summary.
    const kept = stack.workflows.executions().filter((entry) => names.includes(entry.name));
    expect(kept.map((entry) => entry.name).sort()).toEqual([...names].sort());
  });
});
