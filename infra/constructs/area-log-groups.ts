/**
 * The API functions' log groups, one per area of `functions/http/` (docs/decisions.md "API stack
 * size"), so the API stack stays under CloudFormation's 500 resources.
 */
import type { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { retainedLogGroup } from '#infra/constructs/log-group';
import { constructIdFor } from '#infra/routes';

/**
 * The API functions' log groups, one per area of `functions/http/` (`scans`, `monitor`,
 * `dashboard`...), made when the area's first function asks: a log group per function would put
 * the stack over CloudFormation's 500 resources (docs/decisions.md "API stack size"). Lambda
 * names every stream of a shared group after its function, so each function's logs stay apart.
 */
export class AreaLogGroups {
  private readonly groups = new Map<string, LogGroup>();

  constructor(
    private readonly scope: Construct,
    private readonly retention: RetentionDays,
  ) {}

  /** The log group of the area a handler module (`functions/http/<area>/<name>.ts`) lies in. */
  of(entry: string): LogGroup {
    const area = areaOfEntry(entry);
    let group = this.groups.get(area);
    if (!group) {
      group = retainedLogGroup(this.scope, `${constructIdFor(area)}FunctionLogs`, this.retention);
      this.groups.set(area, group);
    }
    return group;
  }
}

/** `functions/http/scans/get-scan.ts` -> `scans`; a module directly under `http/` -> `front`. */
function areaOfEntry(entry: string): string {
  const [area, ...rest] = entry.replace(/^functions\/http\//, '').split('/');
  return rest.length > 0 && area ? area : 'front';
}
