import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import { REPO_ROOT } from '#infra/constructs/api-function';
import { constructIdFor } from '#infra/routes';
import { placeholdersOf } from '#infra/workflows';
import { MONTHLY_SCHEDULE_EXPRESSION } from '#shared/domain/monitor/schedule';
import { SWEEP_SCHEDULE_EXPRESSION } from '#shared/domain/scans/sweep';
import { BATCH_ROUTES } from '#shared/surfaces/api/routes/batch';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import {
  CHILD_EXECUTION_RESOURCE,
  WORKFLOWS,
  type WorkflowDefinition,
} from '#shared/surfaces/workflows/manifest';
import {
  actionsOf,
  allStatements,
  type CfnResource,
  environmentOf,
  flattenedResources,
  policyStatements,
  resourcesOfType,
  type Statement,
  statementsOfRole,
} from './cfn.ts';

/**
 * The workflow stack against the workflow and queue manifests: every task resource of every ASL
 * file resolves to a function of the stack, grants are exact, queues have dead-letter queues.
 */
type Json = Record<string, unknown>;

let built: BuiltApp;
let template: Template;
let resources: Record<string, CfnResource>;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], stage: 'test' } });
  built = buildApp(app);
  template = Template.fromStack(built.workflows);
  resources = template.toJSON().Resources as Record<string, CfnResource>;
});

function ofType(type: string): [string, CfnResource][] {
  return resourcesOfType(resources, type);
}

function getAttId(value: unknown): string | undefined {
  const getAtt = (value as { 'Fn::GetAtt'?: unknown[] } | undefined)?.['Fn::GetAtt'];
  return Array.isArray(getAtt) ? String(getAtt[0]) : undefined;
}

function roleStatements(roleId: string): Statement[] {
  return statementsOfRole(resources, roleId);
}

function actions(statement: Statement): string[] {
  return actionsOf([statement]);
}

/** Every state of a definition, nested Map and Parallel states included. */
function allStates(machine: Json): [string, Json][] {
  return Object.entries((machine.States ?? {}) as Record<string, Json>).flatMap(([name, state]) => [
    [name, state] as [string, Json],
    ...(state.ItemProcessor || state.Iterator
      ? allStates((state.ItemProcessor ?? state.Iterator) as Json)
      : []),
    ...((state.Branches as Json[] | undefined) ?? []).flatMap(allStates),
  ]);
}

function stateMachineOf(name: string): CfnResource {
  // Logical ids are the construct id plus an 8-character hash.
  const machines = ofType('AWS::StepFunctions::StateMachine').filter(([id]) =>
    new RegExp(`^${constructIdFor(name)}StateMachine[0-9A-F]{8}$`).test(id),
  );
  expect(machines, name).toHaveLength(1);
  return (machines[0] as [string, CfnResource])[1];
}

describe('state machines from the same ASL files', () => {
  it('builds one standard state machine per workflow, logged and traced', () => {
    expect(ofType('AWS::StepFunctions::StateMachine')).toHaveLength(WORKFLOWS.length);
    for (const workflow of WORKFLOWS) {
      const machine = stateMachineOf(workflow.name);
      expect(machine.Properties?.StateMachineType).toBe('STANDARD');
      expect(machine.Properties?.TracingConfiguration).toEqual({ Enabled: true });
      expect(machine.Properties?.LoggingConfiguration).toMatchObject({ Level: 'ALL' });
      const definition = machine.Properties?.DefinitionString as string;
      expect(definition).toBe(readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8'));
    }
  });

  it('resolves every task resource of every ASL file to a function of the stack', () => {
    for (const workflow of WORKFLOWS) {
      const asl = readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8');
      const machine = stateMachineOf(workflow.name);
      const substitutions = machine.Properties?.DefinitionSubstitutions as Record<string, unknown>;
      const definition = JSON.parse(asl) as Json;
      for (const [name, state] of allStates(definition)) {
        if (state.Type !== 'Task') continue;
        if (state.Resource === CHILD_EXECUTION_RESOURCE) {
          // A child execution names its state machine by placeholder, filled with a machine of the stack.
          const arn = (state.Parameters as Json).StateMachineArn;
          const child = /^\$\{(\w+)\}$/.exec(String(arn))?.[1] as string;
          const ref = (substitutions[child] as { Ref?: string } | undefined)?.Ref ?? '';
          expect(resources[ref]?.Type, `${workflow.name}/${name}`).toBe(
            'AWS::StepFunctions::StateMachine',
          );
          continue;
        }
        const placeholder = /^\$\{(\w+)\}$/.exec(String(state.Resource))?.[1];
        expect(
          placeholder,
          `${workflow.name}/${name} names its function by placeholder`,
        ).toBeDefined();
        const functionId = getAttId(substitutions[placeholder as string]);
        expect(resources[functionId ?? '']?.Type, `${workflow.name}/${name}`).toBe(
          'AWS::Lambda::Function',
        );
      }
      expect(Object.keys(substitutions).sort()).toEqual(placeholdersOf(asl).sort());
    }
  });

  it('gives every Task state its own TimeoutSeconds (the ASL default is 60 s)', () => {
    for (const workflow of WORKFLOWS) {
      const definition = JSON.parse(
        readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8'),
      ) as Json;
      for (const [name, state] of allStates(definition)) {
        if (state.Type !== 'Task') continue;
        expect(typeof state.TimeoutSeconds, `${workflow.name}/${name}`).toBe('number');
      }
    }
  });

  it('lets a Task state time out only after its function was stopped, so a retry never overlaps a live invocation', () => {
    // Lambda stops an invocation at the function's timeout; the state's clock also counts the
    // invoke itself (a cold start), so it gets a margin. A state that timed out first would retry
    // beside an invocation still running, and two settlers of one scan could count it twice
    // (docs/decisions.md "Two settlers of one scan").
    const MARGIN_SECONDS = 10;
    for (const workflow of WORKFLOWS) {
      const definition = JSON.parse(
        readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8'),
      ) as Json;
      const states = new Map(allStates(definition));
      for (const task of workflow.tasks) {
        const state = states.get(task.state) as Json;
        expect(state.TimeoutSeconds, `${workflow.name}/${task.state}`).toBeGreaterThanOrEqual(
          task.timeoutSeconds + MARGIN_SECONDS,
        );
      }
    }
  });

  it('names only existing states in Next and Default, and keeps state names unique', () => {
    for (const workflow of WORKFLOWS) {
      const definition = JSON.parse(
        readFileSync(path.join(REPO_ROOT, workflow.file), 'utf8'),
      ) as Json;
      const states = allStates(definition);
      const names = states.map(([name]) => name);
      expect(new Set(names).size, workflow.name).toBe(names.length);
      for (const [name, state] of states) {
        const targets = [
          state.Next,
          state.Default,
          ...((state.Choices as Json[] | undefined) ?? []).map((choice) => choice.Next),
          ...((state.Catch as Json[] | undefined) ?? []).map((catcher) => catcher.Next),
        ].filter((target) => target !== undefined);
        for (const target of targets) expect(names, `${workflow.name}/${name}`).toContain(target);
      }
    }
  });

  it('lets a monitor run go on to AggregateRun when its scanning step fails (never MarkRunFailed)', () => {
    const definition = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'state-machines/monitor-run.asl.json'), 'utf8'),
    ) as Json;
    const states = definition.States as Record<string, Json>;
    expect(states.JudgeFamilies?.Next).toBe('ScanCitedSites');
    const scanning = states.ScanCitedSites as Json;
    expect(scanning).toMatchObject({ Type: 'Task', Next: 'AggregateRun', ResultPath: null });
    expect(scanning.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.readiness_failure', Next: 'AggregateRun' },
    ]);
  });

  it('lets each state machine invoke exactly its own task functions', () => {
    for (const workflow of WORKFLOWS) {
      const machine = stateMachineOf(workflow.name);
      const roleId = getAttId(machine.Properties?.RoleArn) as string;
      const invoke = roleStatements(roleId).filter((statement) =>
        actions(statement).includes('lambda:InvokeFunction'),
      );
      const granted = invoke.flatMap((statement) =>
        (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).map(
          (resource) => getAttId(resource),
        ),
      );
      const substitutions = machine.Properties?.DefinitionSubstitutions as Record<string, unknown>;
      const functions = Object.values(substitutions)
        .map(getAttId)
        .filter((id) => id !== undefined);
      // Several states may share one function: compare the sets.
      expect([...new Set(granted)].sort()).toEqual([...new Set(functions)].sort());
    }
  });

  it('lets a state machine start, follow and stop the executions of its children and no other machine', () => {
    for (const workflow of WORKFLOWS as readonly WorkflowDefinition[]) {
      const machine = stateMachineOf(workflow.name);
      const statements = roleStatements(getAttId(machine.Properties?.RoleArn) as string);
      const starts = statements.filter((statement) =>
        actions(statement).includes('states:StartExecution'),
      );
      const children = workflow.children ?? [];
      expect(starts, workflow.name).toHaveLength(children.length);
      for (const child of children) {
        const childId = ofType('AWS::StepFunctions::StateMachine').find(([id]) =>
          new RegExp(`^${constructIdFor(child.workflow)}StateMachine[0-9A-F]{8}$`).test(id),
        )?.[0];
        expect(starts[0]?.Resource).toEqual({ Ref: childId });
        const follow = statements.find((statement) =>
          actions(statement).includes('states:DescribeExecution'),
        );
        expect(actions(follow as Statement).sort()).toEqual([
          'states:DescribeExecution',
          'states:StopExecution',
        ]);
        expect(JSON.stringify(follow?.Resource)).toContain(`{"Ref":"${childId}"}`);
        expect(JSON.stringify(follow?.Resource)).toContain(':execution:');
        const notice = statements.find((statement) =>
          actions(statement).includes('events:PutRule'),
        );
        expect(JSON.stringify(notice?.Resource)).toContain(
          'rule/StepFunctionsGetEventsForStepFunctionsExecutionRule',
        );
      }
    }
  });
});

describe('grants of the functions', () => {
  it('has no wildcard action, and Resource "*" only where AWS allows nothing narrower', () => {
    const onlyStar = new Set([
      'logs:CreateLogDelivery',
      'logs:GetLogDelivery',
      'logs:UpdateLogDelivery',
      'logs:DeleteLogDelivery',
      'logs:ListLogDeliveries',
      'logs:PutResourcePolicy',
      'logs:DescribeResourcePolicies',
      'logs:DescribeLogGroups',
      'xray:PutTraceSegments',
      'xray:PutTelemetryRecords',
      'xray:GetSamplingRules',
      'xray:GetSamplingTargets',
    ]);
    for (const [, policy] of ofType('AWS::IAM::Policy')) {
      for (const statement of policyStatements(policy)) {
        for (const action of actions(statement)) expect(action).not.toContain('*');
        if (statement.Resource === '*') {
          for (const action of actions(statement)) expect(onlyStar.has(action), action).toBe(true);
        }
      }
    }
  });

  it('lets only the routes that start a workflow start it, on that state machine only', () => {
    const starts = allStatements(flattenedResources(built.api)).filter((statement) =>
      actions(statement).includes('states:StartExecution'),
    );
    expect(BATCH_ROUTES.create_batch.starts).toEqual(['batch-scan']);
    expect(starts.length).toBeGreaterThanOrEqual(1);
    for (const statement of starts) {
      expect(actions(statement)).toEqual(['states:StartExecution']);
      expect(JSON.stringify(statement.Resource)).toContain('StateMachine');
      expect(
        Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource],
      ).toHaveLength(1);
    }
  });

  it('gives the batch routes their functions, routes and table access', () => {
    const apiTemplate = Template.fromStack(built.api);
    for (const id of ['create_batch', 'get_batch'] as const) {
      const route = BATCH_ROUTES[id];
      apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${route.path}`,
      });
    }
  });
});

describe('the monitor: provider keys and the monthly schedule', () => {
  it('gives the provider-keys secret only to the tasks that ask models, by ARN, never by value', () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    // The model providers' keys, the scanner's signing keys, Stripe's keys.
    expect(secrets).toHaveLength(3);
    const secretId = secrets.map(([id]) => id).find((id) => id.startsWith('ProviderKeys'));
    expect(secretId).toBeDefined();
    const readers = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('PROVIDER_KEYS_SECRET_ARN'),
    );
    const expected = WORKFLOWS.flatMap((workflow) =>
      (workflow.tasks as readonly { state: string; providerKeys?: boolean }[]).filter(
        (task) => task.providerKeys,
      ),
    ).map((task) => task.state);
    expect(expected.sort()).toEqual(['AskLane', 'JudgeLane']);
    expect(readers).toHaveLength(expected.length);
    for (const [, fn] of readers) {
      const env = environmentOf(fn);
      expect(env.PROVIDER_KEYS_SECRET_ARN).toEqual({ Ref: secretId });
      for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY']) {
        expect(env[name]).toBeUndefined();
      }
      const roleId = getAttId(fn.Properties?.Role) as string;
      const reads = roleStatements(roleId).filter((statement) =>
        actions(statement).includes('secretsmanager:GetSecretValue'),
      );
      expect(reads).toHaveLength(1);
      expect(reads[0]?.Resource).toEqual({ Ref: secretId });
    }
  });

  it('gives the scanner signing-keys secret only to the tasks that scan, by ARN', () => {
    const secretId = ofType('AWS::SecretsManager::Secret')
      .map(([id]) => id)
      .find((id) => id.startsWith('ScannerSigningKeys'));
    expect(secretId).toBeDefined();
    const readers = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('SIGNING_KEYS_SECRET_ARN'),
    );
    expect(readers.map(([id]) => id.replace(/Task.*$/, '')).sort()).toEqual([
      'BatchScanChunkScanDomain',
      'MonitorRunScanCitedSites',
    ]);
    for (const [, fn] of readers) {
      expect(environmentOf(fn).SIGNING_KEYS_SECRET_ARN).toEqual({ Ref: secretId });
      const roleId = getAttId(fn.Properties?.Role) as string;
      const reads = roleStatements(roleId).filter((statement) =>
        actions(statement).includes('secretsmanager:GetSecretValue'),
      );
      expect(reads.map((statement) => statement.Resource)).toEqual([{ Ref: secretId }]);
    }
  });

  it("gives Stripe's secret, by ARN, to the erasure's step only among the workflows' tasks", () => {
    const secretId = ofType('AWS::SecretsManager::Secret')
      .map(([id]) => id)
      .find((id) => id.startsWith('BillingKeys'));
    expect(secretId).toBeDefined();
    const readers = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('STRIPE_SECRETS_ARN'),
    );
    expect(readers.map(([id]) => id.replace(/Task.*$/, ''))).toEqual(['AccountJobAccountJobStep']);
    for (const [, fn] of readers) {
      const env = environmentOf(fn);
      expect(env.STRIPE_SECRETS_ARN).toEqual({ Ref: secretId });
      expect(env.STRIPE_SECRET_KEY).toBeUndefined();
      const roleId = getAttId(fn.Properties?.Role) as string;
      const reads = roleStatements(roleId).filter((statement) =>
        actions(statement).includes('secretsmanager:GetSecretValue'),
      );
      expect(reads.map((statement) => statement.Resource)).toEqual([{ Ref: secretId }]);
    }
  });

  /** The schedule with this expression, its target function and its role. */
  function scheduleWith(expression: string) {
    const found = ofType('AWS::Scheduler::Schedule').filter(
      ([, resource]) => resource.Properties?.ScheduleExpression === expression,
    );
    expect(found, expression).toHaveLength(1);
    const schedule = (found[0] as [string, CfnResource])[1];
    expect(schedule.Properties?.ScheduleExpressionTimezone).toBe('UTC');
    expect(schedule.Properties?.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
    const target = schedule.Properties?.Target as {
      Arn: unknown;
      RoleArn: unknown;
      DeadLetterConfig?: { Arn: unknown };
    };
    const fn = resources[getAttId(target.Arn) as string] as CfnResource;
    const scheduleRole = getAttId(target.RoleArn) as string;
    // An invocation Scheduler cannot make, and an event that fails after Lambda's retries, go to
    // the same dead-letter queue; the schedule's role may send to it and invoke its function.
    const deadLetters = getAttId(target.DeadLetterConfig?.Arn) as string;
    expect(resources[deadLetters]?.Type).toBe('AWS::SQS::Queue');
    const functionDeadLetters = fn.Properties?.DeadLetterConfig as { TargetArn: unknown };
    expect(getAttId(functionDeadLetters.TargetArn)).toBe(deadLetters);
    expect(roleStatements(scheduleRole).flatMap(actions).sort()).toEqual([
      'lambda:InvokeFunction',
      'sqs:SendMessage',
    ]);
    return { fn, scheduleRole, functionRole: getAttId(fn.Properties?.Role) as string };
  }

  it('builds one schedule per entry of the schedule manifest', () => {
    expect(ofType('AWS::Scheduler::Schedule')).toHaveLength(SCHEDULES.length);
  });

  it('runs the monthly scheduler function on the first of each month (UTC), with exact grants', () => {
    const { fn, functionRole } = scheduleWith(MONTHLY_SCHEDULE_EXPRESSION);
    // It starts the paging workflow and nothing else; the pages start the runs.
    expect(Object.keys(environmentOf(fn))).toContain('MONITOR_MONTHLY_STATE_MACHINE_ARN');
    expect(Object.keys(environmentOf(fn))).not.toContain('TABLE_NAME');
    const granted = roleStatements(functionRole).flatMap(actions);
    expect(granted.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    const starts = roleStatements(functionRole).filter((statement) =>
      actions(statement).includes('states:StartExecution'),
    );
    expect(starts).toHaveLength(1);
  });

  it("lets the monthly workflow's page task start monitor runs, and read and write the table", () => {
    const page = ofType('AWS::Lambda::Function').find(([id]) =>
      id.startsWith('MonitorMonthlySchedulePage'),
    );
    expect(page).toBeDefined();
    const [, fn] = page as [string, CfnResource];
    expect(Object.keys(environmentOf(fn))).toEqual(
      expect.arrayContaining(['MONITOR_RUN_STATE_MACHINE_ARN', 'TABLE_NAME']),
    );
    const roleId = getAttId(fn.Properties?.Role) as string;
    const granted = roleStatements(roleId).flatMap(actions);
    expect(granted).toEqual(expect.arrayContaining(['states:StartExecution', 'dynamodb:PutItem']));
  });

  it("gives the provider budget's table to the lane functions only, GetItem and UpdateItem", () => {
    const tables = ofType('AWS::DynamoDB::GlobalTable').filter(([id]) =>
      id.startsWith('ProviderBudget'),
    );
    expect(tables).toHaveLength(1);
    const [tableId, table] = tables[0] as [string, CfnResource];
    expect(table.Properties?.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }]);
    expect(table.Properties?.BillingMode).toBe('PAY_PER_REQUEST');
    const users = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('BUDGET_TABLE_NAME'),
    );
    expect(users.map(([id]) => id.replace(/Task.*$/, '')).sort()).toEqual([
      'MonitorRunAskLane',
      'MonitorRunJudgeLane',
    ]);
    for (const [, fn] of users) {
      expect(environmentOf(fn).BUDGET_TABLE_NAME).toEqual({ Ref: tableId });
      const roleId = getAttId(fn.Properties?.Role) as string;
      const onBudget = roleStatements(roleId).filter((statement) =>
        JSON.stringify(statement.Resource).includes(tableId),
      );
      expect(onBudget.flatMap(actions).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    }
    // No other role of the app names the budget's table.
    const elsewhere = ofType('AWS::IAM::Policy').filter(
      ([, policy]) =>
        JSON.stringify(policy.Properties).includes(tableId) &&
        !users.some(([, fn]) =>
          JSON.stringify(policy.Properties?.Roles).includes(
            getAttId(fn.Properties?.Role) as string,
          ),
        ),
    );
    expect(elsewhere).toEqual([]);
  });

  it('sweeps abandoned scans every ten minutes with a function that may write the table and send events, and start nothing', () => {
    const { fn, functionRole } = scheduleWith(SWEEP_SCHEDULE_EXPRESSION);
    expect(SWEEP_SCHEDULE_EXPRESSION).toBe('rate(10 minutes)');
    const env = environmentOf(fn);
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'EVENTS_QUEUE_URL']));
    const granted = roleStatements(functionRole).flatMap(actions);
    expect(granted).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'sqs:SendMessage']));
    expect(granted.filter((action) => action.startsWith('states:'))).toEqual([]);
  });
});

describe('queues from the queue manifest', () => {
  it('gives every queue an encrypted, TLS-only dead-letter queue and a consumer reporting partial failures', () => {
    for (const queue of QUEUES) {
      template.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { maxReceiveCount: queue.maxReceiveCount },
      });
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BatchSize: queue.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    // Each queue and its dead-letter queue, and the dead-letter queue of the schedules.
    expect(ofType('AWS::SQS::Queue')).toHaveLength(2 * QUEUES.length + 1);
    expect(ofType('AWS::SQS::QueuePolicy').length).toBe(2 * QUEUES.length + 1);
  });
});
