/**
 * The field tables of docs/api.md's generated reference: a zod schema of the route manifest,
 * turned into JSON Schema by zod itself (as the OpenAPI document and the examples do), walked
 * into one row per field. Nested objects and array items become dotted rows (`job.counts.total`,
 * `rejected[].reason`), so a reader sees every field a request takes and a response carries.
 */
import { z } from 'zod';
import type { JsonSchema } from '#shared/surfaces/api/json-sample';

/** One field of a request or response: its dotted path, its type in words and its notes. */
export interface FieldRow {
  path: string;
  type: string;
  optional: boolean;
  notes: string;
}

/** Whether the schema describes what a request sends (`input`) or a response carries. */
export type SchemaSide = 'input' | 'output';

/** Objects nested deeper than this are named but not opened (no schema here comes close). */
const MAX_DEPTH = 6;

/** zod writes these bounds on every integer; they say nothing to a reader. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

interface Walk {
  root: JsonSchema;
  rows: FieldRow[];
  /** Named schemas (`$defs`) already opened, with the path where their fields are listed. */
  opened: Map<string, string>;
}

function resolve(schema: JsonSchema, walk: Walk): JsonSchema {
  const name = schema.$ref?.replace(/^#\/\$defs\//, '');
  if (name === undefined) return schema;
  const target = walk.root.$defs?.[name];
  return target ? resolve(target, walk) : schema;
}

/** The alternatives of a union without its `null` member, and whether null was one. */
function alternatives(
  schema: JsonSchema,
  walk: Walk,
): { members: JsonSchema[]; nullable: boolean } {
  const union = schema.anyOf ?? schema.oneOf;
  if (!union) return { members: [schema], nullable: false };
  const resolved = union.map((member) => resolve(member, walk));
  const members = resolved.filter((member) => member.type !== 'null');
  return { members, nullable: members.length < resolved.length };
}

function code(value: unknown): string {
  // An empty string would vanish between the backticks: it is written as `""`.
  return `\`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;
}

function range(low: number | undefined, high: number | undefined, unit: string): string {
  const from = low !== undefined && Math.abs(low) < SAFE_INTEGER ? low : undefined;
  const to = high !== undefined && Math.abs(high) < SAFE_INTEGER ? high : undefined;
  if (from === undefined && to === undefined) return '';
  if (to === undefined) return ` ≥ ${from}${unit}`;
  if (from === undefined) return ` ≤ ${to}${unit}`;
  return ` ${from}–${to}${unit}`;
}

/** The type of one (resolved, non-union) schema in words. */
function typeOfSingle(schema: JsonSchema, walk: Walk): string {
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return schema.enum.map(code).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  switch (type) {
    case 'string':
      return `string${schema.format ? ` (${schema.format})` : ''}${range(schema.minLength, schema.maxLength, ' chars')}`;
    case 'integer':
    case 'number':
      return `${type}${range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum, '')}`;
    case 'array':
      return `array of ${schema.items ? typeOf(schema.items, walk) : 'any'}${range(schema.minItems, undefined, ' items')}`;
    case 'object':
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        return `map of string to ${typeOf(schema.additionalProperties, walk)}`;
      return 'object';
    case undefined:
      return 'any';
    default:
      return type;
  }
}

/** The type of a schema in words: unions joined with "or", `null` last. */
function typeOf(schema: JsonSchema, walk: Walk): string {
  const { members, nullable } = alternatives(resolve(schema, walk), walk);
  const types = [...new Set(members.map((member) => typeOfSingle(member, walk)))];
  return [...types, ...(nullable ? ['null'] : [])].join(' or ');
}

function notesOf(schema: JsonSchema, resolved: JsonSchema): string {
  const description =
    (schema as { description?: string }).description ??
    (resolved as { description?: string }).description ??
    '';
  const fallback = schema.default ?? resolved.default;
  const text = description.replace(/\s+/g, ' ').trim();
  return fallback === undefined ? text : sentence(text, `Default ${code(fallback)}.`);
}

/** The object schema whose properties a field opens into (itself, an item, a union member). */
function openable(schema: JsonSchema, walk: Walk): { object: JsonSchema; suffix: string } | null {
  const { members } = alternatives(resolve(schema, walk), walk);
  const only = members.length === 1 ? members[0] : undefined;
  if (!only) return null;
  if (only.properties) return { object: only, suffix: '' };
  const items = only.type === 'array' && only.items ? resolve(only.items, walk) : undefined;
  const item = items ? alternatives(items, walk).members : [];
  if (item.length === 1 && item[0]?.properties) return { object: item[0], suffix: '[]' };
  return null;
}

/** Two notes as sentences: a full stop after the first when it lacks one. */
function sentence(first: string, second: string): string {
  if (first === '') return second;
  return `${first}${/[.!?]$/.test(first) ? '' : '.'} ${second}`;
}

/** The `$defs` name a field refers to: its own, its items' or its non-null member's. */
function definitionName(field: JsonSchema): string | undefined {
  const members = field.anyOf ?? field.oneOf ?? [field];
  for (const member of members) {
    const target = member.type === 'array' && member.items ? member.items : member;
    if (target.$ref) return target.$ref.replace(/^#\/\$defs\//, '');
  }
  return undefined;
}

function walkObject(object: JsonSchema, prefix: string, depth: number, walk: Walk): void {
  const required = new Set(object.required ?? []);
  for (const [name, field] of Object.entries(object.properties ?? {})) {
    const path = `${prefix}${name}`;
    const inner = depth < MAX_DEPTH ? openable(field, walk) : null;
    const definition = inner ? definitionName(field) : undefined;
    const seenAt = definition === undefined ? undefined : walk.opened.get(definition);
    const notes = notesOf(field, resolve(field, walk));
    walk.rows.push({
      path,
      type: typeOf(field, walk),
      optional: !required.has(name),
      // A shape met twice is listed once; later fields point at the first listing.
      notes: seenAt ? sentence(notes, `Fields as in \`${seenAt}\`.`) : notes,
    });
    if (!inner || seenAt) continue;
    if (definition !== undefined) walk.opened.set(definition, `${path}${inner.suffix}`);
    walkObject(inner.object, `${path}${inner.suffix}.`, depth + 1, walk);
  }
}

/** Every field of an object schema, nested ones as dotted rows, in the schema's order. */
export function fieldRows(schema: z.ZodType, side: SchemaSide): FieldRow[] {
  const root = z.toJSONSchema(schema, { io: side, unrepresentable: 'any' }) as JsonSchema;
  const walk: Walk = { root, rows: [], opened: new Map() };
  const object = openable(root, walk);
  if (object) walkObject(object.object, object.suffix ? '[].' : '', 0, walk);
  return walk.rows;
}
