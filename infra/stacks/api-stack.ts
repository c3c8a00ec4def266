/**
 * The API stack: the HTTP API with its stage and every route of the manifest, the tool server
 * (MCP), the areas' log groups, and one nested stack per area of `functions/http/`
 * (infra/stacks/api-area-stack.ts) holding that area's functions with their grants.
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnRoute,
  CorsHttpMethod,
  HttpApi,
  type HttpIntegration,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ApiFunction } from '#infra/constructs/api-function';
import { AreaLogGroups } from '#infra/constructs/area-log-groups';
import { retainedLogGroup } from '#infra/constructs/log-group';
import { grantInvoke, grantRequestCounting, grantTableAccess } from '#infra/grants';
import {
  constructIdFor,
  DEFAULT_ROUTE_KEY,
  HTTP_FUNCTIONS,
  type HttpFunctionSpec,
  MAX_INTEGRATION_TIMEOUT_SECONDS,
  type PaymentSettings,
} from '#infra/routes';
import { CORS } from '#shared/surfaces/api/cors';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS, MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { ApiAreaStack } from './api-area-stack.ts';
import { apiEnvironment } from './api-environment.ts';
import { authorizationReason } from './api-reasons.ts';
import type { WorkflowStack } from './workflow-stack.ts';

const ROUTES_BY_ID: ReadonlyMap<string, RouteDefinition> = new Map(
  (ROUTES as readonly RouteDefinition[]).map((route) => [route.operationId, route]),
);

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
  /** Stripe's Pro price, API base and grace period (docs/deploy.md "Billing"). */
  payments?: PaymentSettings;
  /** Whether the sign-in form may create free accounts (SIGNUP); unset: the default, open. */
  signup?: 'open' | 'closed';
  /** Default stage throttling for the whole API. */
  throttle?: ThrottleSettings;
  /** @default one month */
  logRetention?: RetentionDays;
  /**
   * The functions to build, grouped into areas by `area`.
   * @default HTTP_FUNCTIONS, from the route manifest (tests add to it to measure growth)
   */
  functions?: readonly HttpFunctionSpec[];
}

/**
 * The HTTP API: one route per manifest entry, plus the fallback on `$default`, each targeting
 * the function of its handler module in the nested stack of its area. Every function gets
 * exactly the table actions its manifest `data` (and `auth`) implies, on the table and its named
 * indexes, never `dynamodb:*` nor `index/*`.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** The function of each operation id (routes of one handler module share one). */
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** The nested stack of each area of `functions/http/`. */
  readonly areas: ReadonlyMap<string, ApiAreaStack>;
  /** The tool server (MCP): both API routes and a function URL. */
  readonly mcp: { function: ApiFunction; url: FunctionUrl };

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.api = this.createHttpApi();
    const stage = this.addDefaultStage(logRetention, props.throttle);

    const sharedEnvironment = apiEnvironment(props);
    const specs = props.functions ?? HTTP_FUNCTIONS;
    this.areas = this.addAreas(specs, props, sharedEnvironment, logRetention);
    this.functions = this.addRoutes(specs);
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

  /** One nested stack per area of `functions/http/`, with the functions of its handler modules. */
  private addAreas(
    specs: readonly HttpFunctionSpec[],
    props: ApiStackProps,
    sharedEnvironment: Record<string, string>,
    logRetention: RetentionDays,
  ): Map<string, ApiAreaStack> {
    const logGroups = new AreaLogGroups(this, logRetention);
    const areas = new Map<string, ApiAreaStack>();
    for (const [area, ofArea] of groupByArea(specs)) {
      const stack = new ApiAreaStack(this, `${constructIdFor(area)}Functions`, {
        area,
        specs: ofArea,
        routes: ROUTES_BY_ID,
        api: this.api,
        logGroup: logGroups.of(area),
        table: props.table,
        workflows: props.workflows,
        sharedEnvironment,
        mailFrom: props.mailFrom,
        ...(props.payments ? { payments: props.payments } : {}),
      });
      areas.set(area, stack);
    }
    return areas;
  }

  /**
   * Every route of the manifest, here on the API stack, targeting its function's integration in
   * the area's stack (docs/decisions.md "API stack split (this round)").
   */
  private addRoutes(specs: readonly HttpFunctionSpec[]): Map<string, ApiFunction> {
    const functions = new Map<string, ApiFunction>();
    for (const spec of specs) {
      const target = this.areas.get(spec.area)?.targets.get(spec.entry);
      if (!target) throw new Error(`${spec.operationId} has no function in area ${spec.area}`);
      functions.set(spec.operationId, target.fn);
      this.addRoutesOf(spec, target.integration, ROUTES_BY_ID.get(spec.operationId));
    }
    return functions;
  }

  /**
   * The gateway route(s) of one manifest entry (and HEAD for GET), targeting the integration in
   * its area's stack. Each keeps the construct path, and so the logical id, it had when the
   * functions were on this stack: the routes are updated in place, never made again (API Gateway
   * refuses a second route with the same key while the first exists).
   */
  private addRoutesOf(
    spec: HttpFunctionSpec,
    integration: HttpIntegration,
    route: RouteDefinition | undefined,
  ): void {
    for (const [suffix, routeKey] of routeKeysOf(spec)) {
      const holder = new Construct(this, `${spec.constructId}${suffix}Route`);
      new CfnRoute(holder, 'Resource', {
        apiId: this.api.apiId,
        routeKey: routeKey.key,
        authorizationType: 'NONE',
        target: `integrations/${integration.integrationId}`,
      });
      Validations.of(holder).acknowledge({
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

/** The specs by area, in manifest order (so the nested stacks come in a stable order). */
function groupByArea(specs: readonly HttpFunctionSpec[]): Map<string, HttpFunctionSpec[]> {
  const areas = new Map<string, HttpFunctionSpec[]>();
  for (const spec of specs) {
    const ofArea = areas.get(spec.area) ?? [];
    ofArea.push(spec);
    areas.set(spec.area, ofArea);
  }
  return areas;
}
