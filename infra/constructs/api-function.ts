/**
 * The construct every Lambda function of the service is built with (`ApiFunction`): the house
 * defaults for runtime, bundling, logs and role, so each stack only says what differs. Every function has active X-Ray
 * tracing and the observability variables, and either a synchronous caller that receives its
 * failures or a dead-letter queue for failed asynchronous events.
 */
import path from 'node:path';
import { type Duration, Validations } from 'aws-cdk-lib';
import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  type PolicyStatement,
  Role,
  type RoleProps,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { retainedLogGroup } from '#infra/constructs/log-group';
import { METRICS_NAMESPACE, SERVICE_NAME } from '#shared/domain/kernel/metrics';

/** Repository root: entries, the lock file and package.json "imports" are resolved from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * ESM bundles have no `require`; a few CommonJS dependencies still call it for Node built-ins,
 * so the bundle defines one from `import.meta.url`.
 */
export const ESM_REQUIRE_BANNER =
  "import{createRequire}from'node:module';const require=createRequire(import.meta.url);";

export interface ApiFunctionProps {
  /** Handler module, relative to the repository root (as the route manifest writes it). */
  entry: string;
  description: string;
  timeout: Duration;
  memorySize: number;
  environment?: Readonly<Record<string, string>>;
  /** @default one month */
  logRetention?: RetentionDays;
  /**
   * The log group to write to when functions share one (the API's functions, one group per area:
   * docs/decisions.md "API stack size"); Lambda names each stream after its function.
   * @default a log group of its own, with `logRetention`
   */
  logGroup?: LogGroup;
  /**
   * Who invokes the function. A synchronous caller (API Gateway, Step Functions, an SQS event
   * source, the tool server) receives every failure itself, so there is no asynchronous event to
   * keep: name it, and the missing dead-letter target is acknowledged with that reason. An
   * asynchronous caller (EventBridge Scheduler) gets the queue that keeps what still fails after
   * Lambda's own retries.
   */
  invocation: { synchronous: string } | { deadLetters: IQueue };
  /**
   * Grants go into the role's own inline policy instead of a separate `AWS::IAM::Policy`
   * resource: one resource less per function, for the API stack's 500-resource limit
   * (docs/decisions.md "API stack size"). The statements are the same.
   */
  inlineGrants?: boolean;
}

/**
 * A role whose grants (`addToPrincipalPolicy`, which every `grant*` uses) are written into its
 * inline `Policies` property rather than a DefaultPolicy resource.
 */
class InlineGrantsRole extends Role {
  private readonly grantsDocument: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const grants = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { Grants: grants } });
    this.grantsDocument = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.grantsDocument.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

/** What every function's environment holds before its own variables. */
const HOUSE_ENVIRONMENT: Readonly<Record<string, string>> = {
  // Stack traces point at the TypeScript sources through the bundled source maps.
  NODE_OPTIONS: '--enable-source-maps',
  // Read by Powertools itself (the Logger's and Tracer's service, the metrics namespace); the
  // code passes the same values explicitly (shared/domain/kernel/metrics.ts).
  POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
};

/**
 * One Lambda function with the house defaults: Node 24 on arm64, an ESM bundle built by the
 * local esbuild (no Docker), its own log group with a retention (or its area's, when given), and
 * its own role that may write to that log group only. The role starts without any managed policy: callers add exactly the
 * data-plane grants the function needs.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    this.logGroup =
      props.logGroup ??
      retainedLogGroup(this, 'Logs', props.logRetention ?? RetentionDays.ONE_MONTH);

    // Instead of AWSLambdaBasicExecutionRole, which may write to every log group in the account.
    const roleProps: RoleProps = {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.entry}`,
    };
    this.role = props.inlineGrants
      ? new InlineGrantsRole(this, 'Role', roleProps)
      : new Role(this, 'Role', roleProps);
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      // Lambda samples invocations and sends their segments; Powertools Tracer adds the AWS SDK
      // calls and outbound requests as subsegments (shared/wiring/observability.ts).
      tracing: Tracing.ACTIVE,
      ...('deadLetters' in props.invocation
        ? { deadLetterQueue: props.invocation.deadLetters }
        : {}),
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      environment: { ...HOUSE_ENVIRONMENT, ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        // Maps keep names and lines; the sources themselves would only make the zip larger.
        sourcesContent: false,
        banner: ESM_REQUIRE_BANNER,
        // The nodejs24.x runtime ships AWS SDK v3; bundling it again only slows cold starts.
        externalModules: ['@aws-sdk/*'],
      },
    });
    this.acknowledgeFindings(props);
  }

  /** The cdk-nag findings every function has for a reason that holds (docs/deploy.md). */
  private acknowledgeFindings(props: ApiFunctionProps): void {
    const validations = Validations.of(this);
    validations.acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which accept ' +
        'no resource-level permissions (Resource "*"); every other grant names its resource.',
    });
    if (props.inlineGrants) {
      validations.acknowledge({
        id: 'Serverless-LambdaStarPermissions',
        reason:
          'The only Resource "*" in this role is the X-Ray statement of active tracing ' +
          '(xray:PutTraceSegments, xray:PutTelemetryRecords accept no narrower resource); no ' +
          'action is a wildcard.',
      });
    }
    if ('synchronous' in props.invocation) {
      validations.acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          `Invoked synchronously by ${props.invocation.synchronous}, which receives every ` +
          'failure itself: there is no asynchronous event a dead-letter queue could keep.',
      });
    }
  }
}
