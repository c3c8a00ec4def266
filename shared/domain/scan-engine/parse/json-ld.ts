/**
 * JSON-LD blocks flattened into a list of typed nodes (top-level objects, arrays and @graph
 * members), which is all the schema and entity checks need.
 */

export type JsonObject = Record<string, unknown>;

export interface JsonLdSummary {
  blocks: number;
  invalidBlocks: number;
  nodes: JsonObject[];
}

export function summariseJsonLd(blocks: readonly string[]): JsonLdSummary {
  const summary: JsonLdSummary = { blocks: blocks.length, invalidBlocks: 0, nodes: [] };
  for (const block of blocks) {
    let value: unknown;
    try {
      value = JSON.parse(block);
    } catch {
      summary.invalidBlocks += 1;
      continue;
    }
    collectNodes(value, summary.nodes, 0);
  }
  return summary;
}

function collectNodes(value: unknown, into: JsonObject[], depth: number): void {
  if (depth > 4) {
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      collectNodes(item, into, depth + 1);
    }
    return;
  }
  if (isObject(value)) {
    if ('@type' in value) {
      into.push(value);
    }
    if (Array.isArray(value['@graph'])) {
      collectNodes(value['@graph'], into, depth + 1);
    }
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node's @type values, without a schema.org prefix. */
export function typesOf(node: JsonObject): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^https?:\/\/schema\.org\//, ''));
}

export function hasType(node: JsonObject, names: readonly string[]): boolean {
  return typesOf(node).some((type) => names.includes(type));
}

/** A string property, or the first string of an array, or the `url`/`@id` of an object. */
export function stringProp(node: JsonObject, key: string): string | undefined {
  const value = node[key];
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') {
    return first;
  }
  if (isObject(first)) {
    const inner = first.url ?? first['@id'];
    return typeof inner === 'string' ? inner : undefined;
  }
  return undefined;
}

export function stringList(node: JsonObject, key: string): string[] {
  const value = node[key];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string');
}

/** Parses JSON, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
