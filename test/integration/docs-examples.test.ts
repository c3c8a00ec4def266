import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTURED_FILE, type CapturedExamples, captureExamples } from '#scripts/docs-examples/run';
import { STEPS } from '#scripts/docs-examples/steps';
import { ROUTES } from '#shared/surfaces/api/manifest';

/**
 * Docs examples that run (issue 25, point 3): every request example of `/docs` is sent to a
 * fresh local stack and must answer the status it shows (the run fails naming the example that
 * does not), and the answers `/docs` shows (captured-examples.json, `npm run docs:examples`)
 * must still be what the stack answers: the same status, media type, redirect and JSON shape
 * (ids and times are normalised; values such as durations may differ between runs).
 */
let fresh: CapturedExamples;
let committed: CapturedExamples;

beforeAll(async () => {
  fresh = await captureExamples();
  committed = JSON.parse(await readFile(CAPTURED_FILE, 'utf8')) as CapturedExamples;
}, 240_000);

/** The structure of a JSON value: its keys and the kinds of its values, not the values. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

const STALE = `stale: run "npm run docs:examples" and commit ${CAPTURED_FILE}`;

describe('the docs examples, sent to the local stack', () => {
  it('has an example step for every route of the manifest, once', () => {
    const stepped = STEPS.map((step) => step.operationId);
    expect(new Set(stepped).size).toBe(stepped.length);
    expect([...stepped].sort()).toEqual(ROUTES.map((route) => route.operationId).sort());
  });

  it('answers every example as the committed answers show it', () => {
    expect(Object.keys(committed.routes).sort(), STALE).toEqual(Object.keys(fresh.routes).sort());
    for (const [operationId, answer] of Object.entries(fresh.routes)) {
      const kept = committed.routes[operationId];
      const what = `${operationId}: ${STALE}`;
      expect(kept?.status, what).toBe(answer.status);
      expect(kept?.content_type, what).toBe(answer.content_type);
      expect(kept?.location, what).toBe(answer.location);
      expect(shapeOf(kept?.body), what).toEqual(shapeOf(answer.body));
      expect(kept?.error?.status, what).toBe(answer.error?.status);
      expect(shapeOf(kept?.error?.body), what).toEqual(shapeOf(answer.error?.body));
    }
  });

  it('shows no filler: no value that only repeats its field name, no score above its maximum', () => {
    const fillers: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`);
      } else if (value !== null && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        for (const [key, item] of Object.entries(record)) {
          if (item === key) fillers.push(`${path}.${key}`);
          walk(item, `${path}.${key}`);
        }
        if (typeof record.score === 'number' && typeof record.max === 'number') {
          if (record.score > record.max) fillers.push(`${path}: score ${record.score} > max`);
        }
      }
    };
    walk(committed.routes, 'routes');
    expect(fillers).toEqual([]);
  });
});
