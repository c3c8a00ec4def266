/**
 * Reading a synthesised CloudFormation template in the infra tests: a stack and its nested
 * stacks as one template, resources by type, logical ids behind `Ref`/`Fn::GetAtt`, the policy
 * statements of a role, a function's environment.
 */
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { expect } from 'vitest';

/** The context the whole app is synthesised with in the infra tests (every option set). */
export const FULL_APP_CONTEXT = {
  'aws:cdk:bundling-stacks': [],
  stage: 'test',
  adminEmails: 'ops@example.com',
  publicBaseUrl: 'https://api.example.com',
  signup: 'closed',
  mcpAllowedOrigins: 'https://tools.partner.example',
};

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export type Resources = Record<string, CfnResource>;

export function resourcesOfType(resources: Resources, type: string): [string, CfnResource][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

export function logicalIdOfRef(value: unknown): string {
  const ref = (value as { Ref?: unknown } | undefined)?.Ref;
  if (typeof ref !== 'string') throw new Error(`expected a Ref, got ${JSON.stringify(value)}`);
  return ref;
}

export function logicalIdOfGetAtt(value: unknown): string {
  const getAtt = (value as { 'Fn::GetAtt'?: unknown } | undefined)?.['Fn::GetAtt'];
  if (!Array.isArray(getAtt) || typeof getAtt[0] !== 'string') {
    throw new Error(`expected Fn::GetAtt, got ${JSON.stringify(value)}`);
  }
  return getAtt[0];
}

export function policyStatements(policy: CfnResource): Statement[] {
  const document = policy.Properties?.PolicyDocument as { Statement?: Statement[] } | undefined;
  return document?.Statement ?? [];
}

/** The statements of a role's own `Policies` property (infra/constructs/api-function.ts). */
function roleInlineStatements(role: CfnResource | undefined): Statement[] {
  const policies = (role?.Properties?.Policies as { PolicyDocument?: unknown }[] | undefined) ?? [];
  return policies.flatMap(
    (policy) => (policy.PolicyDocument as { Statement?: Statement[] } | undefined)?.Statement ?? [],
  );
}

/** Every statement of every inline policy attached to the role, in its own or a Policy resource. */
export function statementsOfRole(resources: Resources, roleId: string): Statement[] {
  return resourcesOfType(resources, 'AWS::IAM::Policy')
    .filter(([, policy]) =>
      ((policy.Properties?.Roles as unknown[] | undefined) ?? []).some(
        (role) => logicalIdOfRef(role) === roleId,
      ),
    )
    .flatMap(([, policy]) => policyStatements(policy))
    .concat(roleInlineStatements(resources[roleId]));
}

/** Every statement of a template: Policy resources and roles' own inline policies. */
export function allStatements(resources: Resources): Statement[] {
  return [
    ...resourcesOfType(resources, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      policyStatements(policy),
    ),
    ...resourcesOfType(resources, 'AWS::IAM::Role').flatMap(([, role]) =>
      roleInlineStatements(role),
    ),
  ];
}

export function actionsOf(statements: Statement[]): string[] {
  return statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );
}

export function environmentOf(fn: CfnResource): Record<string, unknown> {
  const environment = fn.Properties?.Environment as
    | { Variables?: Record<string, unknown> }
    | undefined;
  return environment?.Variables ?? {};
}

/** Route key -> the function its HTTP API integration invokes (logical id and resource). */
export function functionOfRoute(
  resources: Resources,
  routeKey: string,
): { id: string; fn: CfnResource } {
  const matches = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route').filter(
    ([, route]) => route.Properties?.RouteKey === routeKey,
  );
  expect(matches, `routes with key ${routeKey}`).toHaveLength(1);
  const target = matches[0]?.[1].Properties?.Target as { 'Fn::Join': [string, unknown[]] };
  const [prefix, ref] = target['Fn::Join'][1];
  expect(prefix).toBe('integrations/');
  const integration = resources[logicalIdOfRef(ref)];
  expect(integration?.Type).toBe('AWS::ApiGatewayV2::Integration');
  expect(integration?.Properties?.IntegrationType).toBe('AWS_PROXY');
  const id = logicalIdOfGetAtt(integration?.Properties?.IntegrationUri);
  const fn = resources[id];
  if (!fn) throw new Error(`no function ${id}`);
  expect(fn.Type).toBe('AWS::Lambda::Function');
  return { id, fn };
}

/** The parts of a template the infra tests read. */
export interface TemplateJson {
  Resources: Resources;
  Outputs: Record<string, { Value: unknown; Export?: { Name: string } }>;
}

/** The nested stacks whose parent is `stack` (not their own nested stacks). */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node
    .findAll()
    .filter(
      (construct): construct is NestedStack =>
        NestedStack.isNestedStack(construct) && construct.nestedStackParent === stack,
    );
}

/** A top-level stack and every stack nested in it, parents first. */
export function withNestedStacks(stack: Stack): Stack[] {
  return [stack, ...nestedStacksOf(stack).flatMap(withNestedStacks)];
}

/** The resources of a stack and of the stacks nested in it, read as one (`flattenedTemplate`). */
export function flattenedResources(stack: Stack): Resources {
  return flattenedTemplate(stack).Resources;
}

/**
 * A stack and the stacks nested in it, read as one template: in a nested template each `Ref` to
 * a parameter becomes the value its parent passes, and in the parent each `Fn::GetAtt` of a
 * nested stack's `Outputs.<name>` becomes that output's value. So a route on the API stack leads
 * to the integration and function in its area's stack, and a role's log statement to the area's
 * log group, as `Ref` and `Fn::GetAtt` of plain logical ids. The outputs are the top stack's.
 */
export function flattenedTemplate(stack: Stack): TemplateJson {
  const own = Template.fromStack(stack).toJSON() as Partial<TemplateJson>;
  const nestedOutputs = new Map<string, TemplateJson['Outputs']>();
  const resources: Resources = {};
  for (const nested of nestedStacksOf(stack)) {
    const resourceId = stack.resolve(nested.nestedStackResource?.logicalId) as string;
    const passed = (own.Resources?.[resourceId]?.Properties?.Parameters ?? {}) as Record<
      string,
      unknown
    >;
    const inner = replaceIntrinsics(flattenedTemplate(nested), (value) =>
      refOf(value, passed),
    ) as TemplateJson;
    nestedOutputs.set(resourceId, inner.Outputs);
    addAll(resources, inner.Resources);
  }
  const outer = replaceIntrinsics(
    { Resources: own.Resources ?? {}, Outputs: own.Outputs ?? {} },
    (value) => {
      const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || typeof getAtt[1] !== 'string') return undefined;
      if (!getAtt[1].startsWith('Outputs.')) return undefined;
      return nestedOutputs.get(String(getAtt[0]))?.[getAtt[1].slice('Outputs.'.length)]?.Value;
    },
  ) as TemplateJson;
  addAll(resources, outer.Resources);
  return { Resources: resources, Outputs: outer.Outputs };
}

function refOf(value: unknown, parameters: Record<string, unknown>): unknown {
  const ref = (value as { Ref?: unknown }).Ref;
  return typeof ref === 'string' && ref in parameters ? parameters[ref] : undefined;
}

function addAll(into: Resources, from: Resources): void {
  for (const [id, resource] of Object.entries(from)) {
    if (id in into) throw new Error(`logical id ${id} is in two stacks of one tree`);
    into[id] = resource;
  }
}

/** A deep copy of `value` in which every object `replace` answers for is replaced. */
function replaceIntrinsics(value: unknown, replace: (value: object) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceIntrinsics(item, replace));
  if (typeof value !== 'object' || value === null) return value;
  const replaced = replace(value);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, replaceIntrinsics(item, replace)]),
  );
}
