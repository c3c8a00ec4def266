/**
 * Builds the stacks of one stage into `app`. Shared by infra/app.ts (the CDK CLI entry) and the
 * infra tests, so that the tests check exactly what `cdk synth` produces, cdk-nag included.
 *
 * Context (all optional): `stage` (default `dev`, or $STAGE), `adminEmails`, `publicBaseUrl`,
 * `mailFrom` (the verified SES sender of sign-in mails), `signup` (`open`, the default, or
 * `closed`: whether an address without an account may create one from the sign-in page),
 * `throttleRate` / `throttleBurst` (requests per second on the default stage), `alarmEmail`
 * (subscribed to the alarm topic), `judgeTokenBudget` (judge tokens a day before the alarm),
 * `providerRateLimits` (each provider account's limits, the JSON of PROVIDER_RATE_LIMITS, e.g.
 * `{"openai":{"rpm":5000,"tpm":4000000}}`; docs/deploy.md "Provider quotas"),
 * `stripePricePro` (the Pro price id), `stripeApiBase` (default Stripe's own API) and
 * `billingGraceDays` (default 7): payments (docs/deploy.md "Billing"; Stripe's keys live in the
 * BillingKeys secret).
 *
 * Both cdk-nag packs run on the whole app: AwsSolutions and ServerlessChecks.
 */
import { type App, type Environment, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { parseRateLimits } from '#shared/domain/monitor/budget/limits';
import type { HttpFunctionSpec } from './routes.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { WorkflowStack } from './stacks/workflow-stack.ts';

export interface BuiltApp {
  stage: string;
  data: DataStack;
  workflows: WorkflowStack;
  api: ApiStack;
  monitoring: MonitoringStack;
}

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

export interface BuildOptions {
  /**
   * The API's functions. @default HTTP_FUNCTIONS, from the route manifest; the infra tests add
   * to it to measure how much more the stacks carry (test/infra/api-areas.test.ts).
   */
  apiFunctions?: readonly HttpFunctionSpec[];
}

export function buildApp(app: App, options: BuildOptions = {}): BuiltApp {
  const stage = stageOf(app);
  const publicBaseUrl = publicBaseUrlOf(app);
  const env = deployEnvironment();
  const prefix = `AgentReadiness-${stage}`;

  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    description: `Agent-Readiness ${stage}: single DynamoDB table (retained)`,
  });
  const adminEmails = contextString(app, 'adminEmails');
  const sharedEnvironment = sharedEnvironmentOf(stage, adminEmails, publicBaseUrl);
  const signup = signupOf(app);
  const payments = {
    pricePro: contextString(app, 'stripePricePro'),
    apiBase: contextString(app, 'stripeApiBase'),
    graceDays: contextNumber(app, 'billingGraceDays'),
  };
  const workflows = new WorkflowStack(app, `${prefix}-Workflows`, {
    env,
    description: `Agent-Readiness ${stage}: state machines, queues and their functions`,
    table: data.table,
    sharedEnvironment,
    providerRateLimits: providerRateLimitsOf(app),
    payments,
    mailFrom: contextString(app, 'mailFrom'),
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    description: `Agent-Readiness ${stage}: HTTP API and its routes; a nested stack of functions per area`,
    table: data.table,
    workflows,
    ...(options.apiFunctions ? { functions: options.apiFunctions } : {}),
    stage,
    adminEmails,
    publicBaseUrl,
    mcpAllowedOrigins: contextString(app, 'mcpAllowedOrigins'),
    mailFrom: contextString(app, 'mailFrom'),
    payments,
    ...(signup ? { signup } : {}),
    throttle: {
      rateLimit: contextNumber(app, 'throttleRate') ?? 50,
      burstLimit: contextNumber(app, 'throttleBurst') ?? 100,
    },
  });

  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    description: `Agent-Readiness ${stage}: alarms to one SNS topic, and the dashboard`,
    stage,
    api,
    workflows,
    alarmEmail: contextString(app, 'alarmEmail'),
    judgeTokenBudget: contextNumber(app, 'judgeTokenBudget'),
  });

  tagAndCheck(app, stage);
  return { stage, data, workflows, api, monitoring };
}

/** The `stage` context (or $STAGE, or `dev`): part of every stack name, so kept short and plain. */
function stageOf(app: App): string {
  const stage = contextString(app, 'stage') ?? process.env.STAGE ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`stage "${stage}" must match ${STAGE_PATTERN} (it is part of stack names)`);
  }
  return stage;
}

/** The `publicBaseUrl` context, when given: an absolute http(s) URL. */
function publicBaseUrlOf(app: App): string | undefined {
  const publicBaseUrl = contextString(app, 'publicBaseUrl');
  if (publicBaseUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(publicBaseUrl)) {
    throw new Error(`publicBaseUrl "${publicBaseUrl}" must be an absolute http(s) URL`);
  }
  return publicBaseUrl;
}

/**
 * Environment-agnostic unless the CLI resolved an account/region: synth never looks anything
 * up, so it stays offline.
 */
function deployEnvironment(): Environment | undefined {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return account || region ? { account, region } : undefined;
}

/**
 * The `signup` context: `open` (the default when absent) or `closed`; anything else stops the
 * synth.
 */
function signupOf(app: App): 'open' | 'closed' | undefined {
  const signup = contextString(app, 'signup');
  if (signup !== undefined && signup !== 'open' && signup !== 'closed') {
    throw new Error(`context signup "${signup}" must be open or closed`);
  }
  return signup;
}

/**
 * The `providerRateLimits` context, checked as the functions will read it and handed on as JSON:
 * given on the command line it is a string, in cdk.json an object.
 */
function providerRateLimitsOf(app: App): string | undefined {
  const value: unknown = app.node.tryGetContext('providerRateLimits');
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(parseRateLimits(text));
}

/** What every function of the stage gets in its environment. */
function sharedEnvironmentOf(
  stage: string,
  adminEmails: string | undefined,
  publicBaseUrl: string | undefined,
): Record<string, string> {
  // STAGE: the `stage` dimension of the business metrics (docs/runbook.md).
  const environment: Record<string, string> = { STAGE: stage };
  if (adminEmails) environment.ADMIN_EMAILS = adminEmails;
  if (publicBaseUrl) environment.PUBLIC_BASE_URL = publicBaseUrl;
  return environment;
}

/** Tags every resource with the app and stage, and runs both cdk-nag packs on the whole app. */
function tagAndCheck(app: App, stage: string): void {
  Tags.of(app).add('app', 'agent-readiness');
  Tags.of(app).add('stage', stage);
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true }),
    new ServerlessChecks(app, { verbose: true }),
  );
}

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`context ${key} must be a string`);
  return value.trim();
}

function contextNumber(app: App, key: string): number | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) {
    throw new Error(`context ${key} must be a non-negative number`);
  }
  return number;
}
