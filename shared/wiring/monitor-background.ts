/**
 * The monitor's background work where no AWS service does it (the local stack): resume the
 * runs the store says are unfinished, start the monthly schedule's workflow at the start of each
 * month (as EventBridge Scheduler does on AWS), and start runs that
 * the operator CLI queued from another process (`run-monthly`) within a few seconds.
 * The wiring (with its workflow starter) must be started before this is called.
 */
import { resumeOpenRuns } from '#shared/domain/monitor/runs';
import { startMonthlySchedule, startMonthlyTimer } from '#shared/domain/monitor/schedule';
import { getLogger } from '#shared/wiring/logger';
import { getClock } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';
import { getMonitorConfig, getMonitorDeps } from './monitor.ts';

export interface MonitorBackground {
  /** Runs found unfinished at start and started again. */
  resumed: string[];
  stop(): void;
}

const QUEUED_GRACE_MS = 2000;

export async function startMonitorBackground(
  options: { pollMs?: number } = {},
): Promise<MonitorBackground> {
  const logger = getLogger();
  const resumed = await resumeOpenRuns(getMonitorDeps());
  if (resumed.length > 0) logger.info('resumed unfinished monitor runs', { runs: resumed });
  const cron = startMonthlyTimer(
    () =>
      startMonthlySchedule(getWorkflowStarter(), getClock(), getMonitorConfig().schedulePageSize),
    getClock(),
    logger,
  );
  let busy = false;
  const poll = setInterval(() => {
    if (busy) return;
    busy = true;
    const queuedBefore = new Date(getClock().now().getTime() - QUEUED_GRACE_MS);
    resumeOpenRuns(getMonitorDeps(), { queuedBefore })
      .then((started) => {
        if (started.length > 0) logger.info('started queued monitor runs', { runs: started });
      })
      .catch((error: unknown) =>
        logger.warn('queued monitor runs not started', { error: error as Error }),
      )
      .finally(() => {
        busy = false;
      });
  }, options.pollMs ?? 3000);
  poll.unref();
  return {
    resumed,
    stop() {
      cron.stop();
      clearInterval(poll);
    },
  };
}
