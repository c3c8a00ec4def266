/**
 * CloudFormation's limits per template, counted on every stack of a synthesised app, nested
 * stacks included (each has limits of its own and counts as one resource in its parent).
 */
import { type App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

/**
 * Per template: 500 resources, 200 outputs, 200 parameters (CloudFormation User Guide,
 * "Understand CloudFormation quotas" and "Outputs syntax").
 */
export const TEMPLATE_LIMITS = { resources: 500, outputs: 200, parameters: 200 } as const;

/**
 * The room every stack keeps under each limit, so that a test fails before CloudFormation
 * refuses a deploy: three routes' worth of resources (a function with its role, integration,
 * permission and one or two routes is about six), and ten functions' worth of outputs (an area
 * stack has two per function: the integration its routes target and the name the alarms watch).
 */
export const ROOM = { resources: 21, outputs: 20, parameters: 20 } as const;

export interface TemplateSize {
  stack: string;
  resources: number;
  outputs: number;
  parameters: number;
}

/** Every stack of the app, nested ones included, parents first. */
export function everyStack(app: App): Stack[] {
  return app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
}

export function sizeOf(stack: Stack): TemplateSize {
  const template = Template.fromStack(stack).toJSON() as Record<string, object | undefined>;
  const count = (section: string) => Object.keys(template[section] ?? {}).length;
  return {
    stack: stack.node.path,
    resources: count('Resources'),
    outputs: count('Outputs'),
    parameters: count('Parameters'),
  };
}

/** What comes closer to a limit than `ROOM` allows, one line each: empty when all fit. */
export function crowded(sizes: readonly TemplateSize[]): string[] {
  return sizes.flatMap((size) =>
    (['resources', 'outputs', 'parameters'] as const)
      .filter((kind) => size[kind] > TEMPLATE_LIMITS[kind] - ROOM[kind])
      .map((kind) => `${size.stack}: ${size[kind]} ${kind} of ${TEMPLATE_LIMITS[kind]}`),
  );
}
