/**
 * Tool schemas every MCP client accepts. zod writes a nullable primitive as a `type` array
 * (`{"type": ["number", "null"]}`), which JSON Schema allows but clients that map tool schemas
 * to a single-type dialect (Gemini function declarations among them) reject or weaken; the MCP
 * Inspector's `--strict` mode warns about it. Here every `type` array becomes an `anyOf` of
 * single types, each branch carrying the keywords that constrain its type, so the schema
 * accepts exactly the same values (docs/decisions.md, "Issue 19").
 */
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

/** Keywords whose values are data, not schemas: never rewritten, never walked. */
const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required']);
/** Keywords whose values map names (of properties, definitions) to schemas. */
const MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);

/** Keywords that only constrain values of one JSON type: they move into that type's branch. */
const KEYWORDS_BY_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'additionalItems', 'contains', 'minItems', 'maxItems'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
  ],
};

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{type: [a, b], ...}` as `{anyOf: [{type: a, ...a's keywords}, {type: b, ...}], ...rest}`. */
function splitTypeArray(node: JsonSchema, types: readonly unknown[]): JsonSchema {
  const rest: JsonSchema = { ...node };
  delete rest.type;
  const moved = new Set<string>();
  const branches = types.map((type) => {
    const branch: JsonSchema = { type };
    for (const keyword of KEYWORDS_BY_TYPE[String(type)] ?? []) {
      if (keyword in node) {
        branch[keyword] = node[keyword];
        moved.add(keyword);
      }
    }
    return branch;
  });
  for (const keyword of moved) delete rest[keyword];
  if (rest.anyOf === undefined) return { ...rest, anyOf: branches };
  // Both an anyOf and a type array: the value must satisfy both.
  const { anyOf, ...others } = rest;
  return { ...others, allOf: [{ anyOf }, { anyOf: branches }] };
}

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (!isSchemaObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, map(item)]));
}

/** The schema with every `type` array, at any depth, written as `anyOf`. */
export function withoutTypeArrays(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutTypeArrays);
  if (!isSchemaObject(schema)) return schema;
  const walked: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALUE_KEYWORDS.has(key)) walked[key] = value;
    else if (MAP_KEYWORDS.has(key)) walked[key] = mapValues(value, withoutTypeArrays);
    else walked[key] = withoutTypeArrays(value);
  }
  const { type } = walked;
  if (!Array.isArray(type)) return walked;
  if (type.length === 1) return { ...walked, type: type[0] };
  // Branches were walked already; the new ones hold only single types and moved keywords.
  return splitTypeArray(walked, type);
}

/** Every `type` array left in a schema, by JSON pointer (what the unit test asserts empty). */
export function typeArraysIn(schema: unknown, pointer = ''): string[] {
  if (Array.isArray(schema)) {
    return schema.flatMap((item, index) => typeArraysIn(item, `${pointer}/${index}`));
  }
  if (!isSchemaObject(schema)) return [];
  const found = Array.isArray(schema.type) ? [`${pointer}/type`] : [];
  for (const [key, value] of Object.entries(schema)) {
    if (VALUE_KEYWORDS.has(key)) continue;
    if (MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
      for (const [name, item] of Object.entries(value)) {
        found.push(...typeArraysIn(item, `${pointer}/${key}/${name}`));
      }
    } else found.push(...typeArraysIn(value, `${pointer}/${key}`));
  }
  return found;
}

/**
 * The JSON Schema a tool lists: what the MCP SDK itself would generate (draft-07; request
 * shapes as input, results as output), then made portable.
 */
export function portableToolSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return withoutTypeArrays(z.toJSONSchema(schema, { target: 'draft-7', io })) as JsonSchema;
}
