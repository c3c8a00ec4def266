import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
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
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ROUTES, type RouteDefinition } from '../../shared/api/manifest.ts';
import { TABLE_INDEXES } from '../../shared/store/table.ts';
import { ApiFunction } from '../constructs/api-function.ts';
import {
  DEFAULT_ROUTE_KEY,
  HTTP_FUNCTIONS,
  type HttpFunctionSpec,
  MAX_INTEGRATION_TIMEOUT_SECONDS,
  type TableAccess,
} from '../routes.ts';

/** Item-level reads; Query also runs against the two GSIs. No Scan: `/stats` is O(1) by design. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
] as const;
/** Single-item conditional writes only (DESIGN section 5: no transactions, no batch writes). */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
] as const;

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  /** Comma-separated addresses whose keys may carry `monitor:admin` (ADMIN_EMAILS). */
  adminEmails?: string;
  /** Public base URL used in links (PUBLIC_BASE_URL); derived from each request when unset. */
  publicBaseUrl?: string;
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

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      description: 'Agent-Readiness Scan and AI Answer Monitor API',
      // The default stage is created below, with access logs and throttling.
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: ['*'],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
        ],
        allowHeaders: ['Authorization', 'Content-Type'],
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        // Bearer keys travel in a header, never in cookies: no credentials mode needed.
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
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

    const sharedEnvironment: Record<string, string> = {};
    if (props.adminEmails) sharedEnvironment.ADMIN_EMAILS = props.adminEmails;
    if (props.publicBaseUrl) sharedEnvironment.PUBLIC_BASE_URL = props.publicBaseUrl;

    const routesById = new Map<string, RouteDefinition>(
      (ROUTES as readonly RouteDefinition[]).map((route) => [route.operationId, route]),
    );
    const functions = new Map<string, ApiFunction>();
    for (const spec of HTTP_FUNCTIONS) {
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
        logRetention,
        environment: {
          ...sharedEnvironment,
          ...(spec.access === 'none' ? {} : { TABLE_NAME: props.table.tableName }),
          ...spec.tuning.environment,
        },
      });
      this.grantTableAccess(fn, props.table, spec.access);
      functions.set(spec.operationId, fn);

      const route = new HttpRoute(this, `${spec.constructId}Route`, {
        httpApi: this.api,
        routeKey: routeKeyOf(spec),
        integration: new HttpLambdaIntegration(`${spec.constructId}Integration`, fn.function),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: authorizationReason(spec, routesById.get(spec.operationId)),
      });
    }
    this.functions = functions;

    new CfnOutput(this, 'ApiUrl', {
      value: stage.url,
      description: 'Base URL of the API (default stage)',
    });
  }

  private grantTableAccess(fn: ApiFunction, table: ITableV2, access: TableAccess): void {
    if (access === 'none') return;
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ReadTable',
        effect: Effect.ALLOW,
        actions: [...TABLE_READ_ACTIONS],
        resources: [table.tableArn],
      }),
    );
    // Index ARNs are named one by one instead of `index/*`, so a future index is not readable
    // until it is added to shared/store/table.ts.
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'QueryIndexes',
        effect: Effect.ALLOW,
        actions: ['dynamodb:Query'],
        resources: TABLE_INDEXES.map((index) => `${table.tableArn}/index/${index.name}`),
      }),
    );
    if (access === 'readwrite') {
      fn.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'WriteTable',
          effect: Effect.ALLOW,
          actions: [...TABLE_WRITE_ACTIONS],
          resources: [table.tableArn],
        }),
      );
    }
  }
}

function routeKeyOf(spec: HttpFunctionSpec): HttpRouteKey {
  if (spec.routeKey === DEFAULT_ROUTE_KEY || !spec.method || !spec.path)
    return HttpRouteKey.DEFAULT;
  return HttpRouteKey.with(spec.path, HttpMethod[spec.method]);
}

/**
 * Why a route has no API Gateway authorizer (AwsSolutions-APIG4), worded per route: the API's
 * credentials are its own bearer keys, checked in the handler because SPEC.md makes most routes
 * usable anonymously and asks for distinct error codes an authorizer could not produce.
 */
function authorizationReason(spec: HttpFunctionSpec, route: RouteDefinition | undefined): string {
  if (!route) {
    return (
      'The $default route only answers 404/405 envelopes for unmatched requests; it reads no ' +
      'data and needs no credentials.'
    );
  }
  switch (route.auth) {
    case 'none':
      return (
        `${spec.routeKey} is a public document or page by design (auth "none" in the route ` +
        'manifest); it serves no private data.'
      );
    case 'optional':
      return (
        `${spec.routeKey} accepts anonymous calls by design (SPEC.md; anonymous scans are rate ` +
        'limited per IP). A bearer API key, when sent, is verified in the handler against its ' +
        `SHA-256 hash in DynamoDB with scope ${route.scope ?? '(none)'}, so that invalid keys get ` +
        'the 401 invalid_key / 403 insufficient_scope envelopes an authorizer cannot produce.'
      );
    case 'required':
      return (
        `${spec.routeKey} requires a bearer API key, verified in the handler against its SHA-256 ` +
        `hash in DynamoDB with scope ${route.scope ?? '(none)'}; the handler answers the 401/403 ` +
        'envelopes and meta that SPEC.md prescribes, which an authorizer cannot produce.'
      );
  }
}
