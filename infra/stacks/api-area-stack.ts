/**
 * One area of the API (a directory of `functions/http/`) as a CDK nested stack of the API stack:
 * each handler module's function with its role and exactly its grants, the integration through
 * which the HTTP API reaches it, and the permission that lets the API invoke it. The routes stay
 * on the API stack (docs/decisions.md "API stack split (this round)"); this stack has its own 500
 * resources and counts as one in its parent.
 */
import { Duration, NestedStack, Stack, Tags } from 'aws-cdk-lib';
import {
  type HttpApi,
  HttpIntegration,
  HttpIntegrationType,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ApiFunction } from '#infra/constructs/api-function';
import {
  grantRequestCounting,
  grantSendMail,
  grantSendMessage,
  grantStartExecution,
  grantTableAccess,
} from '#infra/grants';
import { grantQueues, queueEnvironment } from '#infra/queue-grants';
import {
  constructIdFor,
  type HttpFunctionSpec,
  MAX_INTEGRATION_TIMEOUT_SECONDS,
  type PaymentSettings,
  paymentEnvironment,
  signingKeysEnvironment,
} from '#infra/routes';
import type { RouteDefinition } from '#shared/surfaces/api/manifest';
import { stateMachineArnEnv, type WorkflowName } from '#shared/surfaces/workflows/manifest';
import { synchronousCallerOf } from './api-reasons.ts';
import type { WorkflowStack } from './workflow-stack.ts';

export interface ApiAreaStackProps {
  /** The area's directory under `functions/http/` (`scans`, `dashboard`, `front`...). */
  area: string;
  /** The area's functions: one per handler module (the first spec of each module names it). */
  specs: readonly HttpFunctionSpec[];
  /** The manifest route of each operation id (absent for the fallback). */
  routes: ReadonlyMap<string, RouteDefinition>;
  api: HttpApi;
  /** The area's log group, on the API stack; every role here may write to it only. */
  logGroup: LogGroup;
  table: ITableV2;
  workflows: WorkflowStack;
  sharedEnvironment: Readonly<Record<string, string>>;
  /** Verified SES sender of sign-in mails (MAIL_FROM), for the functions that send mail. */
  mailFrom?: string | undefined;
  /** The deployment's Stripe settings, for the functions that call Stripe or read its settings. */
  payments?: PaymentSettings;
}

/** A function of the area and the integration the API's routes target to reach it. */
export interface AreaTarget {
  fn: ApiFunction;
  integration: HttpIntegration;
}

export class ApiAreaStack extends NestedStack {
  /** By handler module (`HttpFunctionSpec.entry`). */
  readonly targets: ReadonlyMap<string, AreaTarget>;

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, {
      description: `Agent-Readiness API: the functions of functions/http/${props.area}`,
    });
    const targets = new Map<string, AreaTarget>();
    for (const spec of props.specs) {
      if (spec.area !== props.area) {
        throw new Error(`${spec.operationId} is in area ${spec.area}, not ${props.area}`);
      }
      if (targets.has(spec.entry)) continue;
      const fn = this.addFunction(spec, props);
      targets.set(spec.entry, { fn, integration: this.integrate(spec, fn, props.api) });
    }
    this.targets = targets;
  }

  /** The function of one handler module: its tuning, environment and exactly its grants. */
  private addFunction(spec: HttpFunctionSpec, props: ApiAreaStackProps): ApiFunction {
    if (spec.tuning.timeoutSeconds > MAX_INTEGRATION_TIMEOUT_SECONDS) {
      throw new Error(
        `${spec.operationId}: timeout ${spec.tuning.timeoutSeconds} s exceeds the HTTP API ` +
          `integration limit (${MAX_INTEGRATION_TIMEOUT_SECONDS} s)`,
      );
    }
    const { table, workflows, mailFrom } = props;
    const fn = new ApiFunction(this, `${spec.constructId}Handler`, {
      entry: spec.entry,
      description: spec.description,
      timeout: Duration.seconds(spec.tuning.timeoutSeconds),
      memorySize: spec.tuning.memorySize,
      logGroup: props.logGroup,
      inlineGrants: true,
      invocation: { synchronous: synchronousCallerOf(props.routes.get(spec.operationId)) },
      environment: {
        ...props.sharedEnvironment,
        ...(spec.access === 'none' ? {} : { TABLE_NAME: table.tableName }),
        ...workflowEnvironment(spec, workflows),
        ...(spec.sendsMail && mailFrom ? { MAIL_FROM: mailFrom } : {}),
        ...signingKeysEnvironment(spec, workflows.signingKeys.secretArn),
        ...paymentEnvironment(spec, workflows.billingKeys.secretArn, props.payments ?? {}),
        ...spec.tuning.environment,
      },
    });
    // CloudFormation names the function after its nested stack, cut to 64 characters: the tag
    // says which module it runs (`aws lambda list-tags`, the Tag Editor), as the description
    // says which route.
    Tags.of(fn.function).add('handler', spec.entry);
    grantTableAccess(fn.role, table, spec.access);
    if (spec.signingKeys) workflows.signingKeys.grantRead(fn.role);
    // Only the functions that call Stripe read its keys; the billing page reads none.
    if (spec.payments === 'provider') workflows.billingKeys.grantRead(fn.role);
    if (spec.countsRequests) grantRequestCounting(fn.role, table);
    grantWorkflowAccess(fn, spec, workflows);
    if (spec.sendsMail && mailFrom) grantSendMail(fn.role, mailFrom);
    return fn;
  }

  /**
   * The integration every route of the module targets, and one invoke permission for this API
   * (not one per route: GET and HEAD of every page are routes). API Gateway invokes only the
   * function integrated with a route (docs/decisions.md "API stack size").
   */
  private integrate(spec: HttpFunctionSpec, fn: ApiFunction, api: HttpApi): HttpIntegration {
    fn.function.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: Stack.of(this).formatArn({
        service: 'execute-api',
        resource: api.apiId,
        resourceName: '*/*/*',
      }),
    });
    return new HttpIntegration(this, `${spec.constructId}Integration`, {
      httpApi: api,
      integrationType: HttpIntegrationType.AWS_PROXY,
      integrationUri: fn.function.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    });
  }
}

function workflowEnvironment(
  spec: HttpFunctionSpec,
  workflows: WorkflowStack,
): Record<string, string> {
  const environment: Record<string, string> = {};
  const events = workflows.queues.get('events');
  if (spec.publishesEvents && events) environment.EVENTS_QUEUE_URL = events.queueUrl;
  Object.assign(environment, queueEnvironment(spec, workflows.queues));
  for (const name of spec.starts) {
    const machine = workflows.stateMachines.get(name as WorkflowName);
    if (!machine) throw new Error(`${spec.operationId} starts unknown workflow ${name}`);
    environment[stateMachineArnEnv(name as WorkflowName)] = machine.stateMachineArn;
  }
  return environment;
}

function grantWorkflowAccess(fn: ApiFunction, spec: HttpFunctionSpec, workflows: WorkflowStack) {
  const events = workflows.queues.get('events');
  if (spec.publishesEvents && events) grantSendMessage(fn.role, events);
  grantQueues(fn.role, spec, workflows.queues);
  for (const name of spec.starts) {
    const machine = workflows.stateMachines.get(name as WorkflowName);
    if (machine) grantStartExecution(fn.role, machine, `Start${constructIdFor(name)}`);
  }
}
