import { App } from 'aws-cdk-lib';
import { buildApp } from '#infra/build-app';
import { type CfnResource, flattenedTemplate } from '#test/infra/cfn';

/**
 * The synthesised stacks with every CloudFormation intrinsic an IAM policy uses resolved to the
 * ARN it would have on AWS, in a fixed account and region. A resource without an explicit name
 * gets its logical id as its physical name: CloudFormation would add a stack prefix and a
 * random suffix, the same on both sides of a comparison, so the logical id is what identifies it.
 */
export const ACCOUNT = '123456789012';
export const REGION = 'eu-west-1';

export interface StackTemplate {
  name: string;
  resources: Record<string, CfnResource>;
  outputs: Record<string, { Value: unknown; Export?: { Name: string } }>;
}

export interface Synthesised {
  stacks: StackTemplate[];
  resolve(stack: StackTemplate, value: unknown): unknown;
  /** The stack and logical id of the first resource of this type whose id matches. */
  find(type: string, id?: RegExp): { stack: StackTemplate; id: string; resource: CfnResource }[];
  physicalName(stack: StackTemplate, id: string): string;
}

const NAME_PROPERTIES: Record<string, string> = {
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::StepFunctions::StateMachine': 'StateMachineName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::SecretsManager::Secret': 'Name',
};

export function synthesise(): Synthesised {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], stage: 'iam' } });
  const built = buildApp(app);
  // The API's functions are in its nested stacks (one per area): each tree is read as one.
  const stacks: StackTemplate[] = [built.data, built.workflows, built.api].map((stack) => {
    const json = flattenedTemplate(stack);
    return { name: stack.stackName, resources: json.Resources, outputs: json.Outputs };
  });

  function physicalName(stack: StackTemplate, id: string): string {
    const resource = stack.resources[id];
    const property = NAME_PROPERTIES[resource?.Type ?? ''];
    const explicit = property ? resource?.Properties?.[property] : undefined;
    return explicit === undefined ? id : String(resolve(stack, explicit));
  }

  function arnOf(stack: StackTemplate, id: string): string {
    const type = stack.resources[id]?.Type;
    const name = physicalName(stack, id);
    const prefix = (service: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}`;
    switch (type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table':
        return `${prefix('dynamodb')}:table/${name}`;
      case 'AWS::SQS::Queue':
        return `${prefix('sqs')}:${name}`;
      case 'AWS::StepFunctions::StateMachine':
        return `${prefix('states')}:stateMachine:${name}`;
      case 'AWS::Lambda::Function':
        return `${prefix('lambda')}:function:${name}`;
      case 'AWS::Logs::LogGroup':
        return `${prefix('logs')}:log-group:${name}:*`;
      case 'AWS::IAM::Role':
        return `arn:aws:iam::${ACCOUNT}:role/${name}`;
      case 'AWS::SecretsManager::Secret':
        return `${prefix('secretsmanager')}:secret:${name}-AbCdEf`;
      default:
        return `${prefix('unknown')}:${type}/${name}`;
    }
  }

  function ref(stack: StackTemplate, name: string): unknown {
    const pseudo: Record<string, string> = {
      'AWS::Partition': 'aws',
      'AWS::Region': REGION,
      'AWS::AccountId': ACCOUNT,
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack.name,
    };
    if (pseudo[name]) return pseudo[name];
    const type = stack.resources[name]?.Type;
    if (type === 'AWS::SQS::Queue') {
      return `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${physicalName(stack, name)}`;
    }
    if (type === 'AWS::StepFunctions::StateMachine' || type === 'AWS::SecretsManager::Secret') {
      return arnOf(stack, name);
    }
    return physicalName(stack, name);
  }

  function resolve(stack: StackTemplate, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => resolve(stack, item));
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const [key, argument] = entries[0] ?? [];
    if (entries.length !== 1 || !key) return value;
    if (key === 'Ref') return ref(stack, String(argument));
    if (key === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      return attribute === 'Arn' ? arnOf(stack, id) : physicalName(stack, id);
    }
    if (key === 'Fn::Join') {
      const [separator, parts] = argument as [string, unknown[]];
      return (resolve(stack, parts) as unknown[]).join(separator);
    }
    if (key === 'Fn::Split') {
      const [separator, source] = argument as [string, unknown];
      return String(resolve(stack, source)).split(separator);
    }
    if (key === 'Fn::Select') {
      const [index, list] = argument as [number, unknown];
      return (resolve(stack, list) as unknown[])[Number(index)];
    }
    if (key === 'Fn::ImportValue') return importValue(String(resolve(stack, argument)));
    return value;
  }

  function importValue(name: string): unknown {
    for (const stack of stacks) {
      for (const output of Object.values(stack.outputs)) {
        if (output.Export?.Name === name) return resolve(stack, output.Value);
      }
    }
    throw new Error(`no stack exports ${name}`);
  }

  return {
    stacks,
    resolve,
    physicalName,
    find(type, id) {
      return stacks.flatMap((stack) =>
        Object.entries(stack.resources)
          .filter(([logicalId, resource]) => resource.Type === type && (!id || id.test(logicalId)))
          .map(([logicalId, resource]) => ({ stack, id: logicalId, resource })),
      );
    },
  };
}
