/**
 * The whole CDK app under cdk-nag's AwsSolutions and ServerlessChecks packs, as `cdk synth` runs
 * them: no unacknowledged finding, and every acknowledgment a reviewed rule with its reason.
 */
import { App, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { MCP_ENDPOINTS } from '#shared/surfaces/api/routes/mcp';
import { FULL_APP_CONTEXT } from './cfn.ts';

const routes = ROUTES as readonly RouteDefinition[];
let app: App;
let built: BuiltApp;

beforeAll(() => {
  app = new App({ context: FULL_APP_CONTEXT });
  built = buildApp(app);
});

describe('cdk-nag AwsSolutions and ServerlessChecks', () => {
  it.each([
    ['AwsSolutions', () => new AwsSolutionsChecks(undefined, { verbose: true })],
    ['ServerlessChecks', () => new ServerlessChecks(undefined, { verbose: true })],
  ])('%s reports no unacknowledged finding (errors or warnings)', (_name, pack) => {
    // cdk-nag 3 is a policy-validation plugin: findings are not annotations any more, so the
    // pack is run directly on the tree, as `cdk synth` runs it.
    const report = pack().validateScope(app);
    const findings = report.violations.map(
      (violation) =>
        `${violation.ruleName} (${violation.severity}) at ` +
        `${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('synthesises with the plugin registered and leaves no error annotations', () => {
    // Fails (throws) when any registered validation plugin reports a violation.
    expect(() => app.synth()).not.toThrow();
    // A nested stack's annotations are in its parent's artifact: the API's cover its areas.
    for (const stack of [built.api, built.data, built.workflows, built.monitoring]) {
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    }
  });

  it('justifies every acknowledgment with a reason, and acknowledges only reviewed rules', () => {
    const acknowledgments: { path: string; id: string; reason: unknown }[] = [];
    for (const construct of app.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, unknown>)) {
          acknowledgments.push({ path: construct.node.path, id, reason });
        }
      }
    }
    expect(acknowledgments.length).toBeGreaterThan(0);
    for (const acknowledgment of acknowledgments) {
      expect(typeof acknowledgment.reason, acknowledgment.path).toBe('string');
      expect((acknowledgment.reason as string).trim().length, acknowledgment.path).toBeGreaterThan(
        40,
      );
      // A new kind of suppression must be reviewed and added here on purpose: no authorizer on
      // routes (keys are checked in the handler), no DLQ on a DLQ, and the Resource "*" that
      // Step Functions log delivery and X-Ray require, and no rotation Lambda for third-party
      // API keys that we cannot rotate ourselves; and the executions of one child state machine
      // that a parent runs through startExecution.sync:2 (their names are not known before).
      // ServerlessChecks: no dead-letter target on a function a synchronous caller waits for, no
      // on-failure destination on an SQS event source (only streams have one), no redrive
      // policy on a dead-letter queue or on the alarm e-mail; and the alarm topic's own key.
      expect(acknowledgment.id, acknowledgment.path).toMatch(
        /^(Annotation::)?(AwsSolutions-(APIG4|SQS3|SMG4|SNS2|IAM5\[Resource::\*\]|IAM5\[Resource::.*:execution:.*\])|Serverless-(LambdaDLQ|LambdaStarPermissions|LambdaEventSourceMappingDestination|SQSRedrivePolicy|SNSRedrivePolicy))$/,
      );
      if (acknowledgment.id.includes('IAM5[Resource::')) {
        // State machines (log delivery, X-Ray, child executions) and functions (X-Ray only).
        expect(acknowledgment.path).toMatch(/(StateMachine|Handler|Task|Scheduler|Consumer)$/);
      }
    }
    // One per route key: the reason names the route and its auth mode.
    const routeKeys =
      routes.length +
      routes.filter((route) => route.method === 'GET').length +
      1 +
      MCP_ENDPOINTS.length;
    expect(acknowledgments.filter((entry) => entry.id.endsWith('APIG4'))).toHaveLength(routeKeys);
  });
});
