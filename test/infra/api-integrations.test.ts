import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#infra/build-app';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { WORKFLOWS } from '#shared/surfaces/workflows/manifest';
import {
  actionsOf,
  type CfnResource,
  environmentOf,
  flattenedResources,
  functionOfRoute as functionOfRouteIn,
  logicalIdOfGetAtt,
  type Resources,
  type Statement,
  statementsOfRole,
} from './cfn.ts';

/**
 * The API stack's integrations beyond plain routes: sign-in mail through SES, and the tool
 * server (MCP) behind both paths and a function URL.
 */
const routes = ROUTES as readonly RouteDefinition[];
let apiTemplate: Template;
let apiResources: Resources;
let workflowResources: Resources;

beforeAll(() => {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      stage: 'test',
      mailFrom: 'Agent Readiness <noreply@mail.example.com>',
      stripePricePro: 'price_pro_monthly',
      billingGraceDays: 5,
    },
  });
  const { api, workflows } = buildApp(app);
  apiTemplate = Template.fromStack(api);
  apiResources = flattenedResources(api);
  workflowResources = flattenedResources(workflows);
});

function functionOfRoute(routeKey: string): { id: string; fn: CfnResource } {
  return functionOfRouteIn(apiResources, routeKey);
}

function statementsOf(fn: CfnResource): Statement[] {
  return statementsOfRole(apiResources, logicalIdOfGetAtt(fn.Properties?.Role));
}

describe('api stack: sign-in mail', () => {
  it('lets only the routes that send mail send it, as the configured sender identity', () => {
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      const ses = statementsOf(fn).filter((statement) =>
        actionsOf([statement]).some((action) => action.startsWith('ses:')),
      );
      if (route.sendsMail) {
        expect(environmentOf(fn).MAIL_FROM, route.operationId).toBe(
          'Agent Readiness <noreply@mail.example.com>',
        );
        expect(actionsOf(ses), route.operationId).toEqual(['ses:SendEmail']);
        expect(JSON.stringify(ses[0]?.Resource)).toContain('identity/mail.example.com');
      } else {
        expect(ses, route.operationId).toEqual([]);
      }
    }
    expect(routes.filter((route) => route.sendsMail).map((route) => route.operationId)).toEqual([
      'create_invitation',
      'receive_stripe_event',
      'dashboard_request_link',
      'dashboard_invite',
    ]);
  });
});

describe('workflow stack: alert and digest mail', () => {
  it('lets only the delivery attempt send mail, as the configured sender identity', () => {
    const mailing = WORKFLOWS.flatMap((workflow) =>
      (workflow.tasks as readonly { state: string; sendsMail?: boolean }[])
        .filter((task) => task.sendsMail)
        .map((task) => `${workflow.name} ${task.state}`),
    );
    expect(mailing).toEqual(['webhook-delivery AttemptDelivery']);
    const functions = Object.entries(workflowResources).filter(
      ([, resource]) => resource.Type === 'AWS::Lambda::Function',
    );
    const senders: string[] = [];
    for (const [id, fn] of functions) {
      const ses = statementsOfRole(
        workflowResources,
        logicalIdOfGetAtt(fn.Properties?.Role),
      ).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('ses:')));
      if (ses.length === 0) {
        expect(environmentOf(fn).MAIL_FROM, id).toBeUndefined();
        continue;
      }
      senders.push(id);
      expect(environmentOf(fn).MAIL_FROM, id).toBe('Agent Readiness <noreply@mail.example.com>');
      expect(actionsOf(ses), id).toEqual(['ses:SendEmail']);
      expect(JSON.stringify(ses[0]?.Resource)).toContain('identity/mail.example.com');
    }
    expect(senders).toHaveLength(1);
    expect(senders[0]).toMatch(/^WebhookDeliveryAttemptDeliveryTask/);
  });
});

describe('api stack: the tool server', () => {
  it('serves both MCP paths and a function URL from one function that may invoke exactly the tool routes', () => {
    const { fn } = functionOfRoute('ANY /api/mcp');
    const tools = routes.filter((route) => route.mcpTool);
    expect(tools.map((route) => route.operationId).sort()).toEqual([
      'get_case',
      'get_case_summary',
      'get_scan',
      'get_stats',
      'list_cases',
      'list_runs',
      'scan_domain',
    ]);
    const invoke = statementsOf(fn).filter((statement) =>
      actionsOf([statement]).includes('lambda:InvokeFunction'),
    );
    const granted = invoke.flatMap((statement) =>
      (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).map(
        logicalIdOfGetAtt,
      ),
    );
    expect(granted.sort()).toEqual(
      tools.map((route) => functionOfRoute(`${route.method} ${route.path}`).id).sort(),
    );
    expect(String(JSON.stringify(environmentOf(fn).MCP_TOOL_FUNCTIONS))).toContain('list_cases');
    // It marks the calling key used: UpdateItem on the key's RATE# items, and no other write.
    const statements = statementsOf(fn);
    const counting = statements.filter((statement) => statement.Sid === 'CountRequests');
    expect(counting).toHaveLength(1);
    expect(counting[0]?.Action).toBe('dynamodb:UpdateItem');
    expect(JSON.stringify(counting[0]?.Condition)).toBe(
      JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } }),
    );
    const otherWrites = actionsOf(
      statements.filter((statement) => statement.Sid !== 'CountRequests'),
    ).filter((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action));
    expect(otherWrites).toEqual([]);
    apiTemplate.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'NONE',
      InvokeMode: 'BUFFERED',
    });
    // Access logs never hold a request path: the path form carries a key.
    expect(JSON.stringify(apiTemplate.toJSON())).not.toContain('$context.path');
  });
});

describe('api stack: the reference-site documents (issue 15)', () => {
  it('routes every site document of the manifest, GET and HEAD, to one shared function', () => {
    const paths = routes.filter((route) => route.area === 'discovery').map((route) => route.path);
    expect(paths).toEqual([
      '/',
      '/{document}',
      '/.well-known/{document}',
      '/.well-known/http-message-signatures-directory',
      '/.well-known/{folder}/{document}',
      '/api/mcp/server-card',
    ]);
    const ids = new Set<string>();
    for (const path of paths) {
      const { id, fn } = functionOfRoute(`GET ${path}`);
      expect(fn.Type, path).toBe('AWS::Lambda::Function');
      expect(functionOfRoute(`HEAD ${path}`).id, path).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(1);
    expect(functionOfRoute('GET /api/mcp/server-card').id).not.toBe(
      functionOfRoute('ANY /api/mcp/{api_key}').id,
    );
  });
});

describe('api stack: payments', () => {
  const secretReads = (fn: CfnResource) =>
    statementsOf(fn).filter((statement) =>
      actionsOf([statement]).includes('secretsmanager:GetSecretValue'),
    );

  it("gives Stripe's secret, by ARN, only to the functions that call Stripe", () => {
    const callers = routes.filter((route) => route.payments === 'provider');
    expect(callers.map((route) => route.operationId).sort()).toEqual([
      'dashboard_billing_checkout',
      'dashboard_billing_portal',
      'receive_stripe_event',
    ]);
    for (const route of routes) {
      const { fn } = functionOfRoute(`${route.method} ${route.path}`);
      const env = environmentOf(fn);
      // Keys never travel as plain environment values.
      expect(env.STRIPE_SECRET_KEY, route.operationId).toBeUndefined();
      expect(env.STRIPE_WEBHOOK_SECRET, route.operationId).toBeUndefined();
      if (route.payments) {
        expect(env.STRIPE_SECRETS_ARN, route.operationId).toBeDefined();
        expect(env.STRIPE_PRICE_PRO, route.operationId).toBe('price_pro_monthly');
        expect(env.BILLING_GRACE_DAYS, route.operationId).toBe('5');
      } else {
        expect(env.STRIPE_SECRETS_ARN, route.operationId).toBeUndefined();
      }
      const reads = secretReads(fn).filter((statement) =>
        JSON.stringify(statement.Resource).includes('BillingKeys'),
      );
      expect(reads, route.operationId).toHaveLength(route.payments === 'provider' ? 1 : 0);
    }
  });

  it('serves the webhook without an authorizer: its signature is its credential', () => {
    const webhook = Object.values(apiResources).find(
      (resource) =>
        resource.Type === 'AWS::ApiGatewayV2::Route' &&
        resource.Properties?.RouteKey === 'POST /api/v1/billing/stripe-webhook',
    );
    expect(webhook).toBeDefined();
    expect(webhook?.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(webhook?.Properties?.AuthorizerId).toBeUndefined();
  });
});
