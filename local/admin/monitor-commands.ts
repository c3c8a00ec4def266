/**
 * The operator CLI's monitor commands. `run-monthly` runs the monthly schedule now, against
 * the store, page by page as the monitor-monthly workflow does; the runs it queues are started
 * by the running stack (`npm start` polls for queued runs every few seconds) or, if none runs,
 * when it next starts.
 */
import { readFileSync } from 'node:fs';
import { createCasesRepository } from '#shared/adapters/dynamodb/cases-repository';
import { createRunsRepository } from '#shared/adapters/dynamodb/runs-repository';
import { OPERATOR_ACTOR } from '#shared/domain/audit/events';
import { BadRequestError, NotFoundError } from '#shared/domain/kernel/errors';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { loadMonitorConfig } from '#shared/domain/monitor/config';
import { createCaseFor } from '#shared/domain/monitor/operations';
import { scheduleMonthlyRuns } from '#shared/domain/monitor/schedule';
import { CreateCaseBodySchema } from '#shared/domain/monitor/schemas';
import { describeIssues } from '#shared/surfaces/http/validate';
import { type Command, requireOption, UsageError } from './commands.ts';
import type { AdminContext } from './context.ts';

/** The CLI cannot reach the stack's in-process engine: the stack starts queued runs itself. */
const LEFT_TO_THE_STACK: WorkflowStarter = { start: async () => ({ started: false }) };

function readCaseFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read --file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('invalid_json', `--file ${path} is not valid JSON.`);
  }
}

export const MONITOR_COMMANDS: Record<string, Command> = {
  'create-case': {
    usage: 'create-case --email E --file case.json',
    help:
      'Create a monitor case for a user with a Monitor account, from a JSON file with the body ' +
      'of POST /api/v1/cases (name, domain, category, icp, competitors, use_cases, region, ' +
      'languages, fact_sheet, aliases). Prints {"case": {...}}.',
    async run(context: AdminContext, values) {
      const email = requireOption(values, 'email');
      const parsed = CreateCaseBodySchema.safeParse(readCaseFile(requireOption(values, 'file')));
      if (!parsed.success) {
        throw new BadRequestError(
          'invalid_request',
          `Invalid case: ${describeIssues(parsed.error.issues)}.`,
        );
      }
      const user = await context.users.findUserByEmail(email.trim().toLowerCase());
      if (!user) {
        throw new NotFoundError(`No user with e-mail ${email}. Create it first with create-user.`);
      }
      return createCaseFor(
        user,
        parsed.data,
        {
          cases: createCasesRepository(context.doc, context.config.TABLE_NAME),
          clock: context.clock,
        },
        OPERATOR_ACTOR,
      );
    },
  },
  'run-monthly': {
    usage: 'run-monthly',
    help:
      'Run the monthly schedule now: one monthly run (label YYYY-MM) per active case of a Pro ' +
      'account with an active subscription; cases with a pending run, or already run this ' +
      'month by the schedule, are skipped. The running stack starts the queued runs.',
    async run(context: AdminContext) {
      const monitor = loadMonitorConfig(context.env);
      const result = await scheduleMonthlyRuns(
        {
          cases: createCasesRepository(context.doc, context.config.TABLE_NAME),
          runs: createRunsRepository(context.doc, context.config.TABLE_NAME),
          users: context.users,
          workflows: LEFT_TO_THE_STACK,
          leaseSeconds: monitor.leaseSeconds,
          logger: context.logger,
          clock: context.clock,
        },
        monitor.schedulePageSize,
      );
      return {
        ...result,
        note: 'Queued runs are started by the running stack within seconds, or when it next starts.',
      };
    },
  },
};
