/**
 * The API functions' log groups, one per area of `functions/http/` (docs/decisions.md "API stack
 * size"), on the API stack itself so that they outlive a function moving between stacks.
 */
import type { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { retainedLogGroup } from '#infra/constructs/log-group';
import { constructIdFor } from '#infra/routes';

/**
 * The API functions' log groups, one per area of `functions/http/` (`scans`, `monitor`,
 * `dashboard`...), made when the area's first function asks: a log group per function would
 * cost a resource per function (docs/decisions.md "API stack size"). Lambda names every stream
 * of a shared group after its function, so each function's logs stay apart.
 */
export class AreaLogGroups {
  private readonly groups = new Map<string, LogGroup>();

  constructor(
    private readonly scope: Construct,
    private readonly retention: RetentionDays,
  ) {}

  /** The log group of an area (`HttpFunctionSpec.area`: `scans`, `front`...). */
  of(area: string): LogGroup {
    let group = this.groups.get(area);
    if (!group) {
      group = retainedLogGroup(this.scope, `${constructIdFor(area)}FunctionLogs`, this.retention);
      this.groups.set(area, group);
    }
    return group;
  }
}
