import { constructIdFor } from '#infra/routes';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { logicalIdOfGetAtt, type Statement, statementsOfRole } from '#test/infra/cfn';
import type { LocalResource, Principal, RecordedCall } from './recorder.ts';
import { ACCOUNT, REGION, type StackTemplate, type Synthesised } from './templates.ts';

/**
 * Checking recorded calls against the roles of the synthesised stacks, as IAM evaluates an
 * identity policy: an explicit Deny wins, otherwise some Allow must match the action and the
 * resource (`*` and `?` wildcards). One condition is evaluated, the only one our roles use:
 * `ForAllValues:StringLike` on `dynamodb:LeadingKeys` (the request counters of read-only
 * functions, infra/grants.ts); a statement with any other condition is listed by
 * `conditionalStatements`, which the test requires to be empty. Also lists every granted action and resource that no
 * recorded call used.
 */
export interface RoleRef {
  stack: StackTemplate;
  id: string;
}

export interface Verdict {
  call: RecordedCall;
  arn: string;
  role: string;
  allowed: boolean;
}

interface ResolvedStatement {
  sid: string;
  effect: string;
  actions: string[];
  resources: string[];
  /** The statement has a condition this checker cannot evaluate. */
  conditional: boolean;
  /** The evaluated condition (true when the statement has none). */
  applies: (call: RecordedCall) => boolean;
}

/**
 * `ForAllValues:StringLike` on `dynamodb:LeadingKeys` as IAM evaluates it: every leading key of
 * the request matches a pattern (case-sensitive; an empty set matches). Undefined for any other
 * condition.
 */
function leadingKeysCondition(condition: unknown): ((call: RecordedCall) => boolean) | undefined {
  if (condition === undefined) return () => true;
  const operators = Object.entries(condition as Record<string, Record<string, unknown>>);
  if (operators.length !== 1) return undefined;
  const [operator, keys] = operators[0] as [string, Record<string, unknown>];
  const entries = Object.entries(keys);
  if (operator !== 'ForAllValues:StringLike' || entries.length !== 1) return undefined;
  const [name, patterns] = entries[0] as [string, unknown];
  if (name !== 'dynamodb:LeadingKeys') return undefined;
  const tests = list(patterns).map((pattern) => {
    const escaped = String(pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${escaped.replaceAll('*', '.*').replaceAll('?', '.')}$`);
  });
  return (call) => (call.leadingKeys ?? []).every((key) => tests.some((test) => test.test(key)));
}

/** Grants AWS services use on a role's behalf, not the function's code: not "unused". */
const SERVICE_USED = /^(logs|xray):/;

function glob(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll('*', '.*').replaceAll('?', '.')}$`, 'i');
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * `local` names the stack's tables as the local stack calls them: the service's table and the
 * provider budget's (issue 34), each matched to its CDK resource by construct id.
 */
export function createPolicyChecker(
  synth: Synthesised,
  local: { tableName: string; budgetTableName?: string },
) {
  const tables = [
    ...synth.find('AWS::DynamoDB::GlobalTable'),
    ...synth.find('AWS::DynamoDB::Table'),
  ];
  const arnOfTable = (id: RegExp) => {
    const table = tables.find((candidate) => id.test(candidate.id));
    if (!table) throw new Error(`no table ${id} in the stacks`);
    return String(synth.resolve(table.stack, { 'Fn::GetAtt': [table.id, 'Arn'] }));
  };
  const tableArn = arnOfTable(/^Table[0-9A-F]{8}$/);
  const budgetArn = arnOfTable(/^ProviderBudget[0-9A-F]{8}$/);

  function one(type: string, id: RegExp): RoleRef {
    const found = synth.find(type, id);
    if (found.length !== 1) throw new Error(`${found.length} resources of ${type} match ${id}`);
    return { stack: found[0]?.stack as StackTemplate, id: found[0]?.id as string };
  }

  function stateMachine(workflow: string): RoleRef {
    return one(
      'AWS::StepFunctions::StateMachine',
      new RegExp(`^${constructIdFor(workflow)}StateMachine[0-9A-F]{8}$`),
    );
  }

  function functionRoles(module: string): RoleRef[] {
    return synth
      .find('AWS::IAM::Role')
      .filter(({ resource }) => resource.Properties?.Description === `Execution role of ${module}`)
      .map(({ stack, id }) => ({ stack, id }));
  }

  function rolesOf(principal: Principal): RoleRef[] {
    if (principal.kind === 'function') return functionRoles(principal.module);
    if (principal.kind === 'scheduler') {
      const schedule = SCHEDULES.find((entry) => entry.name === principal.schedule);
      if (!schedule) throw new Error(`no schedule ${principal.schedule} in the manifest`);
      return [one('AWS::IAM::Role', new RegExp(`^${schedule.constructId}ScheduleRole`))];
    }
    const machine = stateMachine(principal.workflow);
    const roleArn = machine.stack.resources[machine.id]?.Properties?.RoleArn;
    return [{ stack: machine.stack, id: logicalIdOfGetAtt(roleArn) }];
  }

  function arnOf(resource: LocalResource): string {
    const states = `arn:aws:states:${REGION}:${ACCOUNT}`;
    switch (resource.kind) {
      case 'table':
        if (resource.name === (local.budgetTableName ?? 'agent-readiness-budget')) return budgetArn;
        if (resource.name !== local.tableName) return `unknown-table:${resource.name}`;
        return resource.index ? `${tableArn}/index/${resource.index}` : tableArn;
      case 'queue': {
        const queue = one(
          'AWS::SQS::Queue',
          new RegExp(`^${constructIdFor(resource.name)}Queue[0-9A-F]{8}$`),
        );
        return String(synth.resolve(queue.stack, { 'Fn::GetAtt': [queue.id, 'Arn'] }));
      }
      case 'state-machine': {
        const machine = stateMachine(resource.workflow);
        return String(synth.resolve(machine.stack, { Ref: machine.id }));
      }
      case 'executions': {
        const machine = stateMachine(resource.workflow);
        return `${states}:execution:${synth.physicalName(machine.stack, machine.id)}:local-execution`;
      }
      case 'function': {
        const roles = functionRoles(resource.module).map((role) => role.id);
        const fn = synth
          .find('AWS::Lambda::Function')
          .find(({ resource: candidate }) =>
            roles.includes(logicalIdOfGetAtt(candidate.Properties?.Role)),
          );
        if (!fn) return `unknown-function:${resource.module}`;
        return String(synth.resolve(fn.stack, { 'Fn::GetAtt': [fn.id, 'Arn'] }));
      }
      case 'events-rule':
        return `arn:aws:events:${REGION}:${ACCOUNT}:rule/${resource.name}`;
      default:
        return `unknown:${resource.detail}`;
    }
  }

  const statementCache = new Map<string, ResolvedStatement[]>();
  function statementsOf(role: RoleRef): ResolvedStatement[] {
    const key = `${role.stack.name}/${role.id}`;
    let statements = statementCache.get(key);
    if (!statements) {
      statements = statementsOfRole(role.stack.resources, role.id).map((statement: Statement) => ({
        sid: statement.Sid ?? '(no sid)',
        effect: statement.Effect,
        actions: list(statement.Action).map(String),
        resources: list(synth.resolve(role.stack, statement.Resource)).map(String),
        conditional: leadingKeysCondition(statement.Condition) === undefined,
        applies: leadingKeysCondition(statement.Condition) ?? (() => false),
      }));
      statementCache.set(key, statements);
    }
    return statements;
  }

  const matches = (statement: ResolvedStatement, call: RecordedCall, arn: string) =>
    statement.actions.some((pattern) => glob(pattern).test(call.action)) &&
    statement.resources.some((pattern) => glob(pattern).test(arn)) &&
    statement.applies(call);

  function check(calls: readonly RecordedCall[]): Verdict[] {
    return calls.flatMap((call) => {
      const arn = arnOf(call.resource);
      const roles = rolesOf(call.principal);
      if (roles.length === 0) return [{ call, arn, role: '(no role)', allowed: false }];
      return roles.map((role) => {
        const statements = statementsOf(role);
        const denied = statements.some((s) => s.effect === 'Deny' && matches(s, call, arn));
        const allowed = statements.some((s) => s.effect === 'Allow' && matches(s, call, arn));
        return { call, arn, role: `${role.stack.name}/${role.id}`, allowed: allowed && !denied };
      });
    });
  }

  /** Per role of `principals`: each granted action x resource no verdict used. */
  function unusedGrants(principals: readonly Principal[], verdicts: readonly Verdict[]): string[] {
    const lines: string[] = [];
    const seen = new Set<string>();
    for (const principal of principals) {
      for (const role of rolesOf(principal)) {
        const key = `${role.stack.name}/${role.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const used = verdicts.filter((verdict) => verdict.role === key && verdict.allowed);
        for (const statement of statementsOf(role)) {
          if (statement.effect !== 'Allow') continue;
          for (const action of statement.actions) {
            if (SERVICE_USED.test(action)) continue;
            for (const resource of statement.resources) {
              const hit = used.some(
                (verdict) =>
                  glob(action).test(verdict.call.action) && glob(resource).test(verdict.arn),
              );
              if (!hit)
                lines.push(
                  `${describePrincipal(principal)}  ${statement.sid}  ${action}  ${resource}`,
                );
            }
          }
        }
      }
    }
    return lines;
  }

  function conditionalStatements(principals: readonly Principal[]): string[] {
    return principals.flatMap((principal) =>
      rolesOf(principal).flatMap((role) =>
        statementsOf(role)
          .filter((statement) => statement.conditional)
          .map((statement) => `${describePrincipal(principal)} ${statement.sid}`),
      ),
    );
  }

  return { check, unusedGrants, rolesOf, conditionalStatements };
}

export function describePrincipal(principal: Principal): string {
  if (principal.kind === 'function') return principal.module;
  if (principal.kind === 'scheduler') return `scheduler role of ${principal.schedule}`;
  return `state machine ${principal.workflow}`;
}
