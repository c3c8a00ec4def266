/**
 * The API stack: one Lambda per route of the manifest behind an HTTP API, the MCP function, the
 * public pages, and each function's grants derived from its area (infra/routes.ts).
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ApiFunction } from '#infra/constructs/api-function';
import { AreaLogGroups } from '#infra/constructs/area-log-groups';
import { retainedLogGroup } from '#infra/constructs/log-group';
import {
  grantInvoke,
  grantRequestCounting,
  grantSendMessage,
  grantStartExecution,
  grantTableAccess,
} from '#infra/grants';
import { grantQueues, queueEnvironment } from '#infra/queue-grants';
import {
  constructIdFor,
  DEFAULT_ROUTE_KEY,
  HTTP_FUNCTIONS,
  type HttpFunctionSpec,
  MAX_INTEGRATION_TIMEOUT_SECONDS,
  signingKeysEnvironment,
} from '#infra/routes';
import { CORS } from '#shared/surfaces/api/cors';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS, MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { stateMachineArnEnv, type WorkflowName } from '#shared/surfaces/workflows/manifest';
import { apiEnvironment } from './api-environment.ts';
import { authorizationReason, synchronousCallerOf } from './api-reasons.ts';
import type { WorkflowStack } from './workflow-stack.ts';

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  /** State machines the routes start and the events queue they publish to. */
  workflows: WorkflowStack;
  /** The deployment stage (STAGE: the `stage` dimension of the business metrics). */
  stage?: string;
  /** Comma-separated addresses whose keys may carry `monitor:admin` (ADMIN_EMAILS). */
  adminEmails?: string;
  /** Public base URL used in links (PUBLIC_BASE_URL); derived from each request when unset. */
  publicBaseUrl?: string;
  /** Web origins whose pages may call the tool server (MCP_ALLOWED_ORIGINS, its function only). */
  mcpAllowedOrigins?: string;
  /** Verified SES sender of sign-in mails (MAIL_FROM); without it no mail can be sent. */
  mailFrom?: string;
  /** Whether the sign-in form may create free accounts (SIGNUP); unset: the default, open. */
  signup?: 'open' | 'closed';
  /** Default stage throttling for the whole API. */
  throttle?: ThrottleSettings;
  /** @default one month */
  logRetention?: RetentionDays;
}

/**
 * The HTTP API: one Lambda function and one route per manifest entry, plus the fallback on
 * `$default`. Every function gets exactly the table actions its manifest `data` (and `auth`)
 * implies, on the table and its named indexes, never `dynamodb:*` nor `index/*`.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** The tool server (MCP): both API routes and a function URL. */
  readonly mcp: { function: ApiFunction; url: FunctionUrl };

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.api = this.createHttpApi();
    const stage = this.addDefaultStage(logRetention, props.throttle);

    const sharedEnvironment = apiEnvironment(props);
    this.functions = this.addRouteFunctions(props, sharedEnvironment, logRetention);
    this.mcp = this.buildToolServer(props, sharedEnvironment, logRetention, this.functions);

    new CfnOutput(this, 'ApiUrl', {
      value: stage.url,
      description: 'Base URL of the API (default stage)',
    });
  }

  private createHttpApi(): HttpApi {
    return new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      description: 'Agent-Readiness Scan and AI Answer Monitor API',
      // The default stage is created below, with access logs and throttling.
      createDefaultStage: false,
      // The same configuration the local front applies (shared/surfaces/api/cors.ts).
      corsPreflight: {
        allowOrigins: [...CORS.allowOrigins],
        allowMethods: CORS.allowMethods.map((method) => CorsHttpMethod[method]),
        allowHeaders: [...CORS.allowHeaders],
        exposeHeaders: [...CORS.exposeHeaders],
        allowCredentials: CORS.allowCredentials,
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
    });
  }

  /** The `$default` stage with access logs (never the path: the MCP path form carries a key). */
  private addDefaultStage(logRetention: RetentionDays, throttle: ThrottleSettings | undefined) {
    const accessLogs = retainedLogGroup(this, 'AccessLogs', logRetention);
    return this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            // No `$context.path`: the tool server's path form carries an API key in the path.
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }

  /** One function per handler module of the manifest, with its routes, grants and environment. */
  private addRouteFunctions(
    props: ApiStackProps,
    sharedEnvironment: Record<string, string>,
    logRetention: RetentionDays,
  ): Map<string, ApiFunction> {
    const routesById = new Map<string, RouteDefinition>(
      (ROUTES as readonly RouteDefinition[]).map((route) => [route.operationId, route]),
    );
    const functions = new Map<string, ApiFunction>();
    const logGroups = new AreaLogGroups(this, logRetention);
    // Routes that name the same handler module share one function and integration (the
    // discovery documents: CloudFormation allows 500 resources per stack).
    const byEntry = new Map<string, { fn: ApiFunction; integration: HttpLambdaIntegration }>();
    for (const spec of HTTP_FUNCTIONS) {
      const route = routesById.get(spec.operationId);
      let made = byEntry.get(spec.entry);
      if (!made) {
        const fn = this.addRouteFunction(spec, route, props, sharedEnvironment, logGroups);
        // One invoke permission per function for this API, not one per route (GET and HEAD of
        // every page are routes): the stack stays under CloudFormation's 500 resources
        // (docs/decisions.md, "API stack size"). API Gateway invokes only integrated functions.
        const integration = new HttpLambdaIntegration(
          `${spec.constructId}Integration`,
          fn.function,
          { scopePermissionToRoute: false },
        );
        made = { fn, integration };
        byEntry.set(spec.entry, made);
      }
      functions.set(spec.operationId, made.fn);
      this.addRoutes(spec, made.integration, route);
    }
    return functions;
  }

  /** The function of one handler module: its tuning, environment and exactly its grants. */
  private addRouteFunction(
    spec: HttpFunctionSpec,
    route: RouteDefinition | undefined,
    props: ApiStackProps,
    sharedEnvironment: Record<string, string>,
    logGroups: AreaLogGroups,
  ): ApiFunction {
    if (spec.tuning.timeoutSeconds > MAX_INTEGRATION_TIMEOUT_SECONDS) {
      throw new Error(
        `${spec.operationId}: timeout ${spec.tuning.timeoutSeconds} s exceeds the HTTP API ` +
          `integration limit (${MAX_INTEGRATION_TIMEOUT_SECONDS} s)`,
      );
    }
    const fn = new ApiFunction(this, `${spec.constructId}Handler`, {
      entry: spec.entry,
      description: spec.description,
      timeout: Duration.seconds(spec.tuning.timeoutSeconds),
      memorySize: spec.tuning.memorySize,
      logGroup: logGroups.of(spec.entry),
      inlineGrants: true,
      invocation: { synchronous: synchronousCallerOf(route) },
      environment: {
        ...sharedEnvironment,
        ...(spec.access === 'none' ? {} : { TABLE_NAME: props.table.tableName }),
        ...this.workflowEnvironment(spec, props.workflows),
        ...(spec.sendsMail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
        ...signingKeysEnvironment(spec, props.workflows.signingKeys.secretArn),
        ...spec.tuning.environment,
      },
    });
    grantTableAccess(fn.role, props.table, spec.access);
    if (spec.signingKeys) props.workflows.signingKeys.grantRead(fn.role);
    if (spec.countsRequests) grantRequestCounting(fn.role, props.table);
    this.grantWorkflowAccess(fn, spec, props.workflows);
    if (spec.sendsMail && props.mailFrom) this.grantSendMail(fn, props.mailFrom);
    return fn;
  }

  /** The gateway route(s) of one manifest entry (and HEAD for GET) on its integration. */
  private addRoutes(
    spec: HttpFunctionSpec,
    integration: HttpLambdaIntegration,
    route: RouteDefinition | undefined,
  ): void {
    for (const [suffix, routeKey] of routeKeysOf(spec)) {
      const httpRoute = new HttpRoute(this, `${spec.constructId}${suffix}Route`, {
        httpApi: this.api,
        routeKey,
        integration,
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: authorizationReason(spec, route),
      });
    }
  }

  /**
   * One function behind `/api/mcp` and `/api/mcp/{api_key}` (every method) and a function URL
   * (the design card's "MCP clients via function URL"; buffered, the handler answers GET 405).
   * A tool call invokes its REST route's own function, so this one may invoke exactly those, read
   * the key items and mark a key used; it bundles none of the areas.
   */
  private buildToolServer(
    props: ApiStackProps,
    sharedEnvironment: Record<string, string>,
    logRetention: RetentionDays,
    functions: ReadonlyMap<string, ApiFunction>,
  ): { function: ApiFunction; url: FunctionUrl } {
    const tools = (ROUTES as readonly RouteDefinition[]).filter((route) => route.mcpTool);
    const targets = tools.map((route) => {
      const target = functions.get(route.operationId);
      if (!target) throw new Error(`tool ${route.operationId} has no function`);
      return [route.operationId, target] as const;
    });
    const fn = new ApiFunction(this, 'McpHandler', {
      entry: MCP_HANDLER,
      description: 'Tool server (MCP): /api/mcp, /api/mcp/{api_key} and the function URL',
      timeout: Duration.seconds(MAX_INTEGRATION_TIMEOUT_SECONDS),
      memorySize: 512,
      logRetention,
      invocation: { synchronous: 'API Gateway (HTTP API) and its function URL' },
      environment: {
        ...sharedEnvironment,
        TABLE_NAME: props.table.tableName,
        ...(props.mcpAllowedOrigins ? { MCP_ALLOWED_ORIGINS: props.mcpAllowedOrigins } : {}),
        MCP_TOOL_FUNCTIONS: Stack.of(this).toJsonString(
          Object.fromEntries(targets.map(([id, target]) => [id, target.function.functionName])),
        ),
      },
    });
    grantTableAccess(fn.role, props.table, 'read');
    // It marks the calling key used: the key's `RATE#` items only (docs/api.md "API keys").
    grantRequestCounting(fn.role, props.table);
    grantInvoke(
      fn.role,
      targets.map(([, target]) => target.function.functionArn),
    );
    this.routeToolServer(fn);
    const url = fn.function.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      invokeMode: InvokeMode.BUFFERED,
    });
    new CfnOutput(this, 'McpUrl', {
      value: url.url,
      description: 'Tool server (MCP) function URL',
    });
    return { function: fn, url };
  }

  /** The tool server's two API routes (every method), each acknowledged as key-checked in code. */
  private routeToolServer(fn: ApiFunction): void {
    const integration = new HttpLambdaIntegration('McpIntegration', fn.function, {
      scopePermissionToRoute: false,
    });
    for (const [index, endpoint] of MCP_ENDPOINTS.entries()) {
      const route = new HttpRoute(this, `McpRoute${index}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(endpoint.path, HttpMethod.ANY),
        integration,
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          `${endpoint.path} is the tool server; every call needs a bearer API key (${endpoint.keyIn === 'path' ? 'in the path' : 'in the Authorization header'}), ` +
          'verified in the handler against its SHA-256 hash, which answers 401 with WWW-Authenticate as MCP clients expect.',
      });
    }
  }

  /** `ses:SendEmail` as the one sender identity (its domain, or the address itself). */
  private grantSendMail(fn: ApiFunction, mailFrom: string): void {
    const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
    const identity = address.includes('@') ? (address.split('@')[1] ?? address) : address;
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'SendSignInMail',
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: identity,
          }),
        ],
      }),
    );
  }

  private workflowEnvironment(
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

  private grantWorkflowAccess(
    fn: ApiFunction,
    spec: HttpFunctionSpec,
    workflows: WorkflowStack,
  ): void {
    const events = workflows.queues.get('events');
    if (spec.publishesEvents && events) grantSendMessage(fn.role, events);
    grantQueues(fn.role, spec, workflows.queues);
    for (const name of spec.starts) {
      const machine = workflows.stateMachines.get(name as WorkflowName);
      if (machine) grantStartExecution(fn.role, machine, `Start${constructIdFor(name)}`);
    }
  }
}

/**
 * The gateway routes of one function: its own, and for a GET route a HEAD route to the same
 * function (HTTP APIs match methods exactly; the handler answers HEAD without a body).
 */
function routeKeysOf(spec: HttpFunctionSpec): [string, HttpRouteKey][] {
  if (spec.routeKey === DEFAULT_ROUTE_KEY || !spec.method || !spec.path) {
    return [['', HttpRouteKey.DEFAULT]];
  }
  const keys: [string, HttpRouteKey][] = [
    ['', HttpRouteKey.with(spec.path, HttpMethod[spec.method])],
  ];
  if (spec.method === 'GET') keys.push(['Head', HttpRouteKey.with(spec.path, HttpMethod.HEAD)]);
  return keys;
}
