/**
 * The wiring is built from settings passed in (docs/decisions.md "Explicit wiring (issue 14)"):
 * one typed configuration parsed from a set of variables, and values built once per started
 * wiring from it, disposed when it closes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/wiring/config';
import { lazy, type StartedWiring, startWiring, wiringSettings } from '#shared/wiring/lazy';
import { getConfig } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';

let started: StartedWiring | undefined;
afterEach(() => {
  started?.close();
  started = undefined;
});

describe('the configuration', () => {
  it("is one typed object with every area's settings, defaults filled in", () => {
    const config = loadConfig({ BATCH_CONCURRENCY: '7', MONITOR_REPEATS: '2' });
    expect(config.TABLE_NAME).toBe('agent-readiness');
    expect(config.batch.concurrency).toBe(7);
    expect(config.monitor.repeats).toBe(2);
    expect(config.webhooks.graceSeconds).toBe(86_400);
    expect(config.mail.transport).toBe('outbox');
    expect(config.providers.openai.apiKey).toBeUndefined();
    expect(config.MCP_TOOL_FUNCTIONS).toEqual({});
  });

  it('refuses Amazon SES as the mail transport when OFFLINE_DNS=1 keeps everything on the machine', () => {
    expect(() => loadConfig({ OFFLINE_DNS: '1', MAIL_TRANSPORT: 'ses' })).toThrow(
      /OFFLINE_DNS.*MAIL_TRANSPORT must be outbox/,
    );
    expect(loadConfig({ OFFLINE_DNS: '1' }).mail.transport).toBe('outbox');
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      loadConfig({
        KEY_CACHE_TTL_MS: 'soon',
        MONITOR_REPEATS: '0',
        PLAN_LIMITS: '{',
        MCP_TOOL_FUNCTIONS: '[1]',
        OPENAI_BASE_URL: 'ftp://x',
      }),
    ).toThrow(
      /KEY_CACHE_TTL_MS.*MCP_TOOL_FUNCTIONS.*PLAN_LIMITS.*MONITOR_REPEATS.*OPENAI_BASE_URL/,
    );
  });

  it('reads the state machine ARNs of the workflows', () => {
    const config = loadConfig({ BATCH_SCAN_STATE_MACHINE_ARN: 'arn:aws:states:x' });
    expect(config.stateMachineArns).toEqual({ 'batch-scan': 'arn:aws:states:x' });
  });
});

describe('a started wiring', () => {
  it('builds each value once, from the settings it was started with', () => {
    let builds = 0;
    const getTable = lazy(({ config }) => {
      builds += 1;
      return config.TABLE_NAME;
    });
    started = startWiring({ config: loadConfig({ TABLE_NAME: 'first-table' }) });
    expect(getTable()).toBe('first-table');
    expect(getTable()).toBe('first-table');
    expect(builds).toBe(1);
    expect(getConfig().TABLE_NAME).toBe('first-table');
  });

  it('disposes its values when closed, and the next wiring builds them again', () => {
    const disposed: string[] = [];
    const getTable = lazy(
      ({ config }) => config.TABLE_NAME,
      (table) => disposed.push(table),
    );
    started = startWiring({ config: loadConfig({ TABLE_NAME: 'first-table' }) });
    getTable();
    started.close();
    expect(disposed).toEqual(['first-table']);
    started = startWiring({ config: loadConfig({ TABLE_NAME: 'second-table' }) });
    expect(getTable()).toBe('second-table');
  });

  it('uses the workflow starter it is given instead of Step Functions', () => {
    const workflows = { start: async () => ({ started: true }) };
    started = startWiring({ config: loadConfig({}), workflows });
    expect(getWorkflowStarter()).toBe(workflows);
  });

  it('refuses a second start before the first is closed', () => {
    started = startWiring({ config: loadConfig({}) });
    expect(() => startWiring({ config: loadConfig({}) })).toThrow(/already started/);
  });

  it('without a start, is made once from the process environment (a Lambda cold start)', () => {
    const first = wiringSettings();
    expect(wiringSettings()).toBe(first);
    expect(first.workflows).toBeUndefined();
    expect(first.config.LOG_LEVEL).toBe('SILENT');
  });
});
