/**
 * The API's functions in one nested stack per area of `functions/http/` (docs/decisions.md "API
 * stack split (this round)"): each function lands in the stack of its handler's directory, a new
 * directory gets a stack of its own, the routes stay on the API stack, and the app carries 40
 * more functions in its largest area and a new area of 12 with every stack inside the room the
 * infra tests keep (test/infra/limits.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '#infra/build-app';
import { REPO_ROOT } from '#infra/constructs/api-function';
import { areaOfEntry, constructIdFor, HTTP_FUNCTIONS, type HttpFunctionSpec } from '#infra/routes';
import { MCP_ENDPOINTS } from '#shared/surfaces/api/routes/mcp';
import { crowded, everyStack, sizeOf, type TemplateSize } from './limits.ts';

const MORE_IN_LARGEST = 40;
// A directory no branch uses (issue 35's account routes took `account`; no branch plans `planned`).
const NEW_AREA = 'planned';
const IN_NEW_AREA = 12;

let built: BuiltApp;
let sizes: TemplateSize[];
let largest: string;
let extra: HttpFunctionSpec[];

/**
 * Stand-ins for handler modules not written yet: any TypeScript files of the repository that no
 * route names (bundling is skipped here, so a module only has to exist; its area is given).
 */
function standInEntries(count: number): string[] {
  const used = new Set(HTTP_FUNCTIONS.map((spec) => spec.entry));
  const files = readdirSync(path.join(REPO_ROOT, 'shared'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `shared/${file.split(path.sep).join('/')}`)
    .filter((entry) => !used.has(entry))
    .sort();
  if (files.length < count) throw new Error(`only ${files.length} stand-in modules`);
  return files.slice(0, count);
}

/** `count` more GET routes (the costliest kind: a HEAD route too), each with its own module. */
function moreFunctions(area: string, count: number, entries: string[]): HttpFunctionSpec[] {
  const model = HTTP_FUNCTIONS.find((spec) => spec.method === 'GET') as HttpFunctionSpec;
  return entries.slice(0, count).map((entry, index) => {
    const operationId = `${area}_growth_${index}`;
    const routePath = `/growth/${area}/${index}`;
    return {
      ...model,
      operationId,
      constructId: constructIdFor(operationId),
      routeKey: `GET ${routePath}`,
      path: routePath,
      description: `GET ${routePath}: room for a route of ${area}`,
      entry,
      area,
    };
  });
}

function functionsPerArea(specs: readonly HttpFunctionSpec[]): Map<string, number> {
  const modules = new Map<string, Set<string>>();
  for (const spec of specs) {
    modules.set(spec.area, (modules.get(spec.area) ?? new Set()).add(spec.entry));
  }
  return new Map([...modules].map(([area, entries]) => [area, entries.size]));
}

beforeAll(() => {
  const perArea = [...functionsPerArea(HTTP_FUNCTIONS)].sort((a, b) => b[1] - a[1]);
  largest = perArea[0]?.[0] as string;
  const entries = standInEntries(MORE_IN_LARGEST + IN_NEW_AREA);
  extra = [
    ...moreFunctions(largest, MORE_IN_LARGEST, entries),
    ...moreFunctions(NEW_AREA, IN_NEW_AREA, entries.slice(MORE_IN_LARGEST)),
  ];
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], stage: 'growth' } });
  built = buildApp(app, { apiFunctions: [...HTTP_FUNCTIONS, ...extra] });
  sizes = everyStack(app).map(sizeOf);
});

describe('api areas: a nested stack per directory of functions/http/', () => {
  it("derives a handler's area from its directory, a module directly under http/ in front", () => {
    expect(areaOfEntry('functions/http/scans/create-scan.ts')).toBe('scans');
    expect(areaOfEntry('functions/http/account/invitations/accept.ts')).toBe('account');
    expect(areaOfEntry('functions/http/fallback.ts')).toBe('front');
  });

  it('puts every function in the nested stack of its area, and every route on the API stack', () => {
    for (const spec of [...HTTP_FUNCTIONS, ...extra]) {
      const fn = built.api.functions.get(spec.operationId);
      const stack = fn ? Stack.of(fn) : undefined;
      expect(stack?.node.id, spec.operationId).toBe(`${constructIdFor(spec.area)}Functions`);
      expect(NestedStack.isNestedStack(stack) && stack.nestedStackParent, spec.entry).toBe(
        built.api,
      );
    }
    const scanDomain = built.api.functions.get('scan_domain');
    expect(scanDomain && Stack.of(scanDomain).node.id).toBe('ScansFunctions');
    // Its description names the route, a tag the module it runs.
    Template.fromStack(built.api.areas.get('scans') as NestedStack).hasResourceProperties(
      'AWS::Lambda::Function',
      {
        Description: Match.stringLikeRegexp('^POST /api/v1/scans: '),
        Tags: Match.arrayWith([{ Key: 'handler', Value: 'functions/http/scans/create-scan.ts' }]),
      },
    );
    // The tool server stays on the API stack, and no area stack holds a route.
    expect(Stack.of(built.api.mcp.function)).toBe(built.api);
    for (const area of built.api.areas.values()) {
      Template.fromStack(area).resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    }
    const routeKeys = [...HTTP_FUNCTIONS, ...extra].reduce<number>(
      (count, spec) => count + (spec.method === 'GET' ? 2 : 1),
      MCP_ENDPOINTS.length,
    );
    Template.fromStack(built.api).resourceCountIs('AWS::ApiGatewayV2::Route', routeKeys);
  });

  it('gives a new directory a stack of its own without a change in infra/', () => {
    const added = built.api.areas.get(NEW_AREA);
    expect(added?.node.id).toBe('PlannedFunctions');
    expect(added?.targets.size).toBe(IN_NEW_AREA);
  });

  it(`carries ${MORE_IN_LARGEST} more functions in the largest area and a new area of ${IN_NEW_AREA}, every stack within the room kept`, () => {
    // Per function: 4 resources and 2 outputs in its area's stack (function, role, integration,
    // invoke permission; the integration's id for the routes, the function's name for the
    // alarms), 1 or 2 routes and 1 export on the API stack, 2 alarms on the monitoring stack.
    // Measured before this test's additions (72 functions, the limit minus the room kept in
    // brackets): API stack 171 resources (479) and 75 outputs (180); dashboard, the largest
    // area, 124 resources (479) and 62 outputs (180); monitoring 206 resources (479). So the
    // next limits are the API stack's outputs (~105 more functions in all) and the dashboard
    // stack's outputs (~59 more there), then the monitoring stack (~136 more).
    expect(largest).toBe('dashboard');
    expect(crowded(sizes)).toEqual([]);
    const before = functionsPerArea(HTTP_FUNCTIONS).get(largest) ?? 0;
    expect(built.api.areas.get(largest)?.targets.size).toBe(before + MORE_IN_LARGEST);
  });
});
