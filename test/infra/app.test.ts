/**
 * The whole CDK app, synthesised once (bundling skipped, so handler sources do not matter here),
 * checked against the route manifest and the table shape it is built from.
 */
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import {
  constructIdFor,
  DEFAULT_TUNING,
  HTTP_FUNCTIONS,
  ROUTE_TUNING,
  tableAccessFor,
} from '#infra/routes';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#shared/adapters/dynamodb/table';
import { CORS } from '#shared/surfaces/api/cors';
import { ROUTES, type RouteDefinition, type RouteOperationId } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS } from '#shared/surfaces/api/routes/mcp';
import {
  actionsOf,
  type CfnResource,
  environmentOf,
  FULL_APP_CONTEXT,
  flattenedResources,
  functionOfRoute as functionOfRouteIn,
  logicalIdOfGetAtt,
  logicalIdOfRef,
  resourcesOfType as resourcesOfTypeIn,
  type Statement,
  statementsOfRole,
} from './cfn.ts';
import { crowded, everyStack, sizeOf } from './limits.ts';

const routes = ROUTES as readonly RouteDefinition[];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
];

let app: App;
let built: BuiltApp;
let apiTemplate: Template;
let dataTemplate: Template;
let apiResources: Record<string, CfnResource>;

beforeAll(() => {
  app = new App({ context: FULL_APP_CONTEXT });
  built = buildApp(app);
  apiTemplate = Template.fromStack(built.api);
  dataTemplate = Template.fromStack(built.data);
  apiResources = flattenedResources(built.api);
});

function resourcesOfType(type: string): [string, CfnResource][] {
  return resourcesOfTypeIn(apiResources, type);
}

function functionOfRoute(routeKey: string): { id: string; fn: CfnResource } {
  return functionOfRouteIn(apiResources, routeKey);
}

/** Every statement of every inline policy attached to the function's role. */
function statementsOf(fn: CfnResource): Statement[] {
  return statementsOfRole(apiResources, logicalIdOfGetAtt(fn.Properties?.Role));
}

/** Logical id of the log group the function writes to (LoggingConfig.LogGroup). */
function logGroupIdOf(fn: CfnResource): string {
  const config = fn.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined;
  return logicalIdOfRef(config?.LogGroup);
}

describe('api stack: routes and functions from the manifest', () => {
  it('has one route per manifest entry plus $default, a function per handler module', () => {
    const functionIds = new Set<string>();
    const entries = new Set(routes.map((route) => route.handler));
    // A function shared by several routes (one handler module) is described by its first route.
    const firstOfModule = new Set(
      [...entries].map((entry) => routes.find((route) => route.handler === entry)),
    );
    for (const route of routes) {
      const { id, fn } = functionOfRoute(`${route.method} ${route.path}`);
      functionIds.add(id);
      if (route.area !== 'discovery' && firstOfModule.has(route)) {
        expect(fn.Properties?.Description).toContain(`${route.method} ${route.path}`);
      }
    }
    const fallback = functionOfRoute('$default');
    functionIds.add(fallback.id);

    // The discovery documents share one module and so one function (resource limit).
    expect(functionIds.size).toBe(entries.size + 1);
    const mcp = functionOfRoute('ANY /api/mcp');
    expect(functionOfRoute('ANY /api/mcp/{api_key}').id).toBe(mcp.id);
    expect(functionIds.has(mcp.id)).toBe(false);
    const getRoutes = routes.filter((route) => route.method === 'GET');
    // Every GET route also answers HEAD, through the same function.
    for (const route of getRoutes) {
      expect(functionOfRoute(`HEAD ${route.path}`).id).toBe(
        functionOfRoute(`GET ${route.path}`).id,
      );
    }
    expect(resourcesOfType('AWS::ApiGatewayV2::Route')).toHaveLength(
      routes.length + getRoutes.length + 1 + MCP_ENDPOINTS.length,
    );
    expect(resourcesOfType('AWS::Lambda::Function')).toHaveLength(entries.size + 2);
  });

  it('derives stable logical ids from the operation ids', () => {
    for (const route of routes) {
      const pascal = route.operationId
        .split('_')
        .map((part) => part[0]?.toUpperCase() + part.slice(1))
        .join('');
      const { id } = functionOfRoute(`${route.method} ${route.path}`);
      // A shared function takes the id of the first route of its module (discovery: SiteHome).
      const first = routes.find((candidate) => candidate.handler === route.handler) ?? route;
      const own =
        first === route
          ? pascal
          : first.operationId
              .split('_')
              .map((part) => part[0]?.toUpperCase() + part.slice(1))
              .join('');
      expect(id.startsWith(`${own}HandlerFunction`), id).toBe(true);
    }
  });

  it('runs every function on nodejs24.x, arm64, as an ESM bundle entry `handler`', () => {
    const functions = resourcesOfType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      expect(fn.Properties?.Runtime, id).toBe('nodejs24.x');
      expect(fn.Properties?.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties?.Handler, id).toBe('index.handler');
      expect(environmentOf(fn).NODE_OPTIONS, id).toBe('--enable-source-maps');
      // Each function logs to a log group with a retention (the API's: one per area).
      const logGroupId = logGroupIdOf(fn);
      expect(apiResources[logGroupId]?.Properties?.RetentionInDays, id).toBeGreaterThan(0);
    }
  });

  it('gives each function the tuning infra/routes.ts names (10 s / 512 MB by default)', () => {
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      const tuning = ROUTE_TUNING[route.operationId as RouteOperationId] ?? DEFAULT_TUNING;
      expect(fn.Properties, route.operationId).toMatchObject({
        Timeout: tuning.timeoutSeconds,
        MemorySize: tuning.memorySize,
      });
    }
    expect(ROUTE_TUNING.scan_domain).toMatchObject({ timeoutSeconds: 29, memorySize: 1024 });
    // HTTP API integrations end at 30 s whatever the function's own timeout is.
    for (const [id, fn] of resourcesOfType('AWS::Lambda::Function')) {
      expect(fn.Properties?.Timeout as number, id).toBeLessThanOrEqual(29);
    }
  });

  it('passes ADMIN_EMAILS, PUBLIC_BASE_URL and SIGNUP from context, TABLE_NAME only to table users', () => {
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      const env = environmentOf(fn);
      expect(env.ADMIN_EMAILS, route.operationId).toBe('ops@example.com');
      expect(env.PUBLIC_BASE_URL, route.operationId).toBe('https://api.example.com');
      expect(env.SIGNUP, route.operationId).toBe('closed');
      const usesTable = route.data !== 'none' || route.auth !== 'none';
      expect(env.TABLE_NAME !== undefined, route.operationId).toBe(usesTable);
    }
  });

  it('refuses a signup context other than open or closed', () => {
    const wrong = new App({ context: { 'aws:cdk:bundling-stacks': [], signup: 'maybe' } });
    expect(() => buildApp(wrong)).toThrow(/signup "maybe" must be open or closed/);
  });

  it('passes MCP_ALLOWED_ORIGINS from context to the tool server only', () => {
    const mcp = Object.values(apiResources).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::Function' &&
        environmentOf(resource).MCP_TOOL_FUNCTIONS !== undefined,
    );
    expect(mcp).toHaveLength(1);
    expect(environmentOf(mcp[0] as CfnResource).MCP_ALLOWED_ORIGINS).toBe(
      'https://tools.partner.example',
    );
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      expect(environmentOf(fn).MCP_ALLOWED_ORIGINS, route.operationId).toBeUndefined();
    }
  });

  it('configures CORS, access logs and throttling on the $default stage', () => {
    apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowMethods: [...CORS.allowMethods],
        AllowHeaders: [...CORS.allowHeaders],
        ExposeHeaders: [...CORS.exposeHeaders],
        MaxAge: CORS.maxAgeSeconds,
      }),
    });
    apiTemplate.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
    });
  });
});

describe('api stack: least-privilege IAM', () => {
  it('has no wildcard action in any policy statement and no managed policies', () => {
    const documents = [
      ...resourcesOfType('AWS::IAM::Policy').map(
        ([, policy]) => policy.Properties?.PolicyDocument as { Statement: Statement[] },
      ),
      ...resourcesOfType('AWS::IAM::Role').flatMap(([, role]) =>
        ((role.Properties?.Policies as { PolicyDocument: { Statement: Statement[] } }[]) ?? []).map(
          (policy) => policy.PolicyDocument,
        ),
      ),
    ];
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      for (const action of actionsOf(document.Statement)) {
        expect(action).not.toContain('*');
      }
      for (const statement of document.Statement) {
        expect(statement.Effect).toBe('Allow');
        // Active tracing's X-Ray actions accept no narrower resource; nothing else is "*".
        if (statement.Resource === '*') {
          expect(actionsOf([statement]).sort()).toEqual([
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
          ]);
        }
        // Index access is granted per named index, never `index/*`.
        expect(JSON.stringify(statement.Resource)).not.toContain('/index/*');
      }
    }
    for (const [id, role] of resourcesOfType('AWS::IAM::Role')) {
      expect(role.Properties?.ManagedPolicyArns, id).toBeUndefined();
    }
  });

  it('grants each route exactly the table actions its manifest data implies', () => {
    const reads = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      const statements = statementsOf(fn);
      // The request counter's UpdateItem is checked on its own: RATE# items only.
      const counting = statements.filter((statement) => statement.Sid === 'CountRequests');
      if (route.data !== 'readwrite' && route.auth !== 'none' && route.auth !== 'session') {
        expect(counting, route.operationId).toHaveLength(1);
        expect(counting[0]?.Action).toBe('dynamodb:UpdateItem');
        expect(JSON.stringify(counting[0]?.Condition)).toBe(
          JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } }),
        );
      }
      const dynamoActions = actionsOf(
        statements.filter((statement) => statement.Sid !== 'CountRequests'),
      ).filter((action) => action.startsWith('dynamodb:'));
      const distinct = [...new Set(dynamoActions)].sort();
      if (route.data === 'readwrite') {
        expect(distinct, route.operationId).toEqual(
          [
            ...reads,
            'dynamodb:BatchWriteItem',
            'dynamodb:ConditionCheckItem',
            'dynamodb:DeleteItem',
            'dynamodb:PutItem',
            'dynamodb:UpdateItem',
          ].sort(),
        );
      } else if (route.data === 'read' || route.auth !== 'none') {
        // Routes that accept a bearer key read the key item even if they need no other data.
        expect(distinct, route.operationId).toEqual(reads);
        for (const write of WRITE_ACTIONS) expect(dynamoActions).not.toContain(write);
      } else {
        expect(distinct, route.operationId).toEqual([]);
      }
    }
    const fallback = functionOfRoute('$default');
    expect(actionsOf(statementsOf(fallback.fn)).filter((a) => a.startsWith('dynamodb:'))).toEqual(
      [],
    );
  });

  it('lets Query reach each named index and lets logs go only to the own log group', () => {
    const { fn } = functionOfRoute('GET /api/v1/scans/{id}');
    const statements = statementsOf(fn);
    const indexStatement = statements.find((statement) => statement.Sid === 'QueryIndexes');
    expect(indexStatement?.Action).toBe('dynamodb:Query');
    const indexResources = JSON.stringify(indexStatement?.Resource);
    for (const index of TABLE_INDEXES) expect(indexResources).toContain(`/index/${index.name}`);

    const logStatement = statements.find((statement) =>
      actionsOf([statement]).includes('logs:PutLogEvents'),
    );
    const logGroupId = logGroupIdOf(fn);
    expect(logStatement?.Resource).toEqual({ 'Fn::GetAtt': [logGroupId, 'Arn'] });
  });
});

describe('every stack', () => {
  it("stays under CloudFormation's limits, nested stacks included, with room for a few more routes", () => {
    // Failing here early beats a deploy that CloudFormation refuses (test/infra/limits.ts).
    const sizes = everyStack(app).map(sizeOf);
    expect(sizes.map((size) => size.stack)).toContain(`${built.api.node.path}/ScansFunctions`);
    expect(crowded(sizes)).toEqual([]);
  });
});

describe('data stack: the single table', () => {
  it('has the key schema, both GSIs and the TTL attribute of shared/adapters/dynamodb/table.ts', () => {
    dataTemplate.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    dataTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      AttributeDefinitions: Match.arrayWith(
        [
          TABLE_KEYS.partitionKey,
          TABLE_KEYS.sortKey,
          ...TABLE_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey]),
        ].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    });
  });

  it('is protected: PITR, deletion protection and RETAIN', () => {
    dataTemplate.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });
});

describe('infra/routes.ts', () => {
  it('gives any route that accepts a bearer key at least read access', () => {
    expect(tableAccessFor({ auth: 'required', data: 'none' })).toBe('read');
    expect(tableAccessFor({ auth: 'optional', data: 'none' })).toBe('read');
    expect(tableAccessFor({ auth: 'none', data: 'none' })).toBe('none');
    expect(tableAccessFor({ auth: 'none', data: 'read' })).toBe('read');
    expect(tableAccessFor({ auth: 'required', data: 'readwrite' })).toBe('readwrite');
  });

  it('derives unique construct ids from operation ids', () => {
    expect(constructIdFor('scan_domain')).toBe('ScanDomain');
    const ids = HTTP_FUNCTIONS.map((spec) => spec.constructId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
