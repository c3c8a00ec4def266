/**
 * The construct every Lambda function of the service is built with (`ApiFunction`): the house
 * defaults for runtime, bundling, logs and role, so each stack only says what differs.
 */
import path from 'node:path';
import { type Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  type PolicyStatement,
  Role,
  type RoleProps,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

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

/**
 * One Lambda function with the house defaults: Node 24 on arm64, an ESM bundle built by the
 * local esbuild (no Docker), its own log group with a retention, and its own role that may write
 * to that log group only. The role starts without any managed policy: callers add exactly the
 * data-plane grants the function needs.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are operational data with a retention anyway; keeping them would block a redeploy
      // of a destroyed stage.
      removalPolicy: RemovalPolicy.DESTROY,
    });

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
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      environment: {
        // Stack traces point at the TypeScript sources through the bundled source maps.
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
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
  }
}
