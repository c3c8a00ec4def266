/**
 * A sample value for a JSON Schema (the schemas zod emits for the route manifest), for the docs
 * page's and the OpenAPI document's examples (docs/decisions.md, issue 17 "Docs examples"). It
 * takes a schema's own `examples`, `const`, `default` or first `enum` value first, then a value
 * fitting the field's name (`domain`, `email`...), then one fitting the type, format and bounds.
 * The examples test (test/unit/surfaces/api/examples.test.ts) checks every sample against the
 * route's zod schemas, so a sample this cannot get right shows up there, and the fix is an
 * `examples` entry in the schema's `.meta()`.
 */

export type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  examples?: unknown[];
  example?: unknown;
  const?: unknown;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

const FIXED_TIME = '2026-11-25T09:30:00.000Z';
const SAMPLE_UUID = '3f2c8a54-6d1e-4b7a-9c0e-5a1b2c3d4e5f';

/** Values for fields whose name says what they hold (checked against the field's schema). */
const BY_NAME: Record<string, unknown> = {
  domain: 'example.com',
  domains: ['example.com', 'example.org'],
  competitors: ['example.org'],
  email: 'you@example.com',
  url: 'https://example.com/',
  score: 72,
  latest_score: 72,
  name: 'Example',
  brand: 'Example',
  language: 'en',
  country: 'US',
  market: 'US',
  languages: ['en'],
  next_cursor: null,
  secret: 'whsec_3q2+7w…',
  message: 'Human-readable explanation and what to do.',
};

const FORMATS: Record<string, string> = {
  'date-time': FIXED_TIME,
  date: '2026-11-25',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  email: 'you@example.com',
  uuid: SAMPLE_UUID,
  hostname: 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
};

interface Context {
  root: JsonSchema;
  depth: number;
}

function resolve(schema: JsonSchema, context: Context): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  const target = context.root.$defs?.[name] ?? context.root.definitions?.[name];
  if (!target) throw new Error(`Unresolvable $ref ${schema.$ref}`);
  return target;
}

function declared(schema: JsonSchema): { value: unknown } | undefined {
  if (schema.examples && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.example !== undefined) return { value: schema.example };
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.enum && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

function accepts(schema: JsonSchema, type: string, context: Context): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes(type)) return true;
  const union = schema.anyOf ?? schema.oneOf ?? [];
  return union.some((option) => accepts(resolve(option, context), type, context));
}

function listOfStrings(schema: JsonSchema, context: Context): boolean {
  const options = [schema, ...(schema.anyOf ?? schema.oneOf ?? [])].map((option) =>
    resolve(option, context),
  );
  return options.some(
    (option) =>
      option.items !== undefined && accepts(resolve(option.items, context), 'string', context),
  );
}

function firstType(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.find((type) => type !== 'null') ?? types[0];
}

function fitsString(value: unknown, schema: JsonSchema): value is string {
  if (typeof value !== 'string') return false;
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

/** Fields left out of examples unless required: a cursor only comes from a previous page. */
const LEFT_OUT = new Set(['cursor']);
const ID_ALPHABET = '7Kq2xW9mP4tR8vN3bH6cJ5dL0fG1sY-_';

/** A value for an id pattern such as `^key_[0-9A-Za-z]{16}$` (prefix, one class, a count). */
function samplePattern(pattern: string): string | undefined {
  const match = /^\^([A-Za-z0-9_-]*)\[([^\]]+)\]\{(\d+)\}\$$/.exec(pattern);
  if (!match) return undefined;
  const [, prefix = '', charClass = '', count = '0'] = match;
  const allowed = [...ID_ALPHABET].filter((char) => new RegExp(`[${charClass}]`, 'u').test(char));
  if (allowed.length === 0) return undefined;
  return (
    prefix +
    Array.from({ length: Number(count) }, (_, index) => allowed[index % allowed.length]).join('')
  );
}

function sampleString(schema: JsonSchema, name: string | undefined): string {
  const byName = name === undefined ? undefined : BY_NAME[name];
  if (fitsString(byName, schema)) return byName;
  const byPattern = schema.pattern ? samplePattern(schema.pattern) : undefined;
  if (byPattern !== undefined) return byPattern;
  const byFormat = schema.format ? FORMATS[schema.format] : undefined;
  if (byFormat !== undefined) return byFormat;
  if (name?.endsWith('_at')) return FIXED_TIME;
  if (name?.endsWith('_url')) return 'https://example.com/';
  const base = name ?? 'text';
  const min = schema.minLength ?? 0;
  const padded = base.length >= min ? base : base.padEnd(min, 'x');
  return schema.maxLength !== undefined ? padded.slice(0, schema.maxLength) : padded;
}

/** Bounds beyond this are "any safe integer", not a real floor or ceiling. */
const HUGE = 1e12;

function sampleNumber(schema: JsonSchema, name: string | undefined, integer: boolean): number {
  const byName = name === undefined ? undefined : BY_NAME[name];
  let value = typeof byName === 'number' ? byName : 1;
  const floor = schema.minimum ?? (schema.exclusiveMinimum ?? -Infinity) + (integer ? 1 : 0.5);
  if (floor > -HUGE && value < floor) value = floor;
  if (schema.maximum !== undefined && schema.maximum < HUGE && value > schema.maximum) {
    value = schema.maximum;
  }
  return integer ? Math.ceil(value) : value;
}

function sampleObject(schema: JsonSchema, context: Context): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (LEFT_OUT.has(key) && !schema.required?.includes(key)) continue;
    const value = sampleNamed(property, key, context);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function sampleNamed(schema: JsonSchema, name: string | undefined, context: Context): unknown {
  const resolved = resolve(schema, context);
  const fixed = declared(resolved);
  if (fixed) return fixed.value;
  const byName = name === undefined ? undefined : BY_NAME[name];
  if (byName === null && accepts(resolved, 'null', context)) return null;
  // A list hint (`domains: [...]`) fits only a list of strings: `domains` is also a list of
  // objects (the scan history).
  if (
    Array.isArray(byName) &&
    accepts(resolved, 'array', context) &&
    listOfStrings(resolved, context)
  ) {
    return byName;
  }
  const inner: Context = { ...context, depth: context.depth + 1 };
  if (inner.depth > 12) return null;
  const union = resolved.anyOf ?? resolved.oneOf;
  if (union) {
    const option = union.find((candidate) => resolve(candidate, context).type !== 'null');
    return sampleNamed(option ?? union[0] ?? {}, name, inner);
  }
  if (resolved.allOf) {
    return Object.assign({}, ...resolved.allOf.map((part) => sampleNamed(part, name, inner)));
  }
  return sampleByType(resolved, name, inner);
}

function sampleByType(schema: JsonSchema, name: string | undefined, context: Context): unknown {
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return sampleNumber(schema, name, true);
    case 'number':
      return sampleNumber(schema, name, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (schema.prefixItems)
        return schema.prefixItems.map((item) => sampleNamed(item, undefined, context));
      const item = sampleNamed(schema.items ?? {}, name, context);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'object':
      return sampleObject(schema, context);
    default:
      return null;
  }
}

/** A sample value for `schema` (a root JSON Schema; `$ref`s point into its `$defs`). */
export function sampleJson(schema: JsonSchema): unknown {
  return sampleNamed(schema, undefined, { root: schema, depth: 0 });
}
