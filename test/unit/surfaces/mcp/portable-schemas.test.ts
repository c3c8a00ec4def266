import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutTypeArrays } from '#shared/surfaces/mcp/portable-schema';
import { buildMcpServer } from '#shared/surfaces/mcp/server';
import { TOOLS } from '#shared/surfaces/mcp/tools';

/**
 * Every tool schema the tool server lists is free of `type` arrays at any depth (nullable is
 * `anyOf`), the property single-type clients and `inspector --strict` need (docs/decisions.md).
 * The walker here is the test's own: it visits every nested object and array, whatever its key.
 */
function typeArrays(node: unknown, pointer = ''): string[] {
  if (Array.isArray(node))
    return node.flatMap((item, index) => typeArrays(item, `${pointer}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'type' && Array.isArray(value) ? [`${pointer}/type`] : []),
    ...typeArrays(value, `${pointer}/${key}`),
  ]);
}

async function listedTools() {
  const server = buildMcpServer({
    authorization: '',
    domainName: 'localhost',
    proto: 'http',
    sourceIp: '127.0.0.1',
    invoke: () => Promise.reject(new Error('no call is made when listing')),
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'portable-schemas-test', version: '1.0.0' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

describe('tool schemas', () => {
  it('carry no type array in any input or output schema of any tool', async () => {
    const tools = await listedTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(typeArrays(tool.inputSchema), `${tool.name} input`).toEqual([]);
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(typeArrays(tool.outputSchema), `${tool.name} output`).toEqual([]);
    }
  });

  it('would carry type arrays without the rewrite (the walker finds them)', () => {
    const raw = TOOLS.flatMap((tool) =>
      typeArrays(z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' })),
    );
    expect(raw.length).toBeGreaterThan(0);
  });

  it('writes a nullable field as anyOf with its constraints in the branch of its type', async () => {
    const tools = await listedTools();
    const stats = tools.find((tool) => tool.name === 'get_stats')?.outputSchema as unknown as {
      definitions: { Stats: { properties: Record<string, unknown> } };
    };
    expect(stats.definitions.Stats.properties.median_score).toEqual({
      description: 'null until the first scan',
      anyOf: [{ type: 'number' }, { type: 'null' }],
    });
  });
});

describe('withoutTypeArrays', () => {
  const ajv = new Ajv({ strict: false });
  const original = {
    type: 'object',
    properties: {
      name: { type: ['string', 'null'], minLength: 2, description: 'a name' },
      count: { type: ['integer', 'null'], minimum: 1 },
      tags: { type: ['array', 'null'], items: { type: ['string', 'number'] }, maxItems: 2 },
      only: { type: ['boolean'] },
      both: { anyOf: [{ type: 'string' }, { type: 'integer' }], type: ['string', 'null'] },
    },
    required: ['name'],
    enum: [{ type: ['kept', 'as data'] }, null],
  };
  const rewritten = withoutTypeArrays(original) as Record<string, unknown>;

  it('leaves no type array and keeps data values as they were', () => {
    expect(typeArrays({ ...rewritten, enum: [] })).toEqual([]);
    expect(rewritten.enum).toEqual(original.enum);
  });

  it('accepts and rejects exactly the values the original schema does', () => {
    const { enum: _data, ...withoutEnum } = original;
    const { enum: _same, ...rewrittenWithoutEnum } = rewritten;
    const accepts = ajv.compile(withoutEnum);
    const acceptsRewritten = ajv.compile(rewrittenWithoutEnum);
    const samples: unknown[] = [
      { name: null },
      { name: 'ab' },
      { name: 'a' },
      { name: 3 },
      {},
      { name: 'ab', count: 0 },
      { name: 'ab', count: 1 },
      { name: 'ab', count: null },
      { name: 'ab', count: 1.5 },
      { name: 'ab', tags: ['x', 1] },
      { name: 'ab', tags: ['x', 1, 2] },
      { name: 'ab', tags: [true] },
      { name: 'ab', tags: null },
      { name: 'ab', only: true },
      { name: 'ab', only: null },
      { name: 'ab', both: 'x' },
      { name: 'ab', both: null },
      { name: 'ab', both: 3 },
    ];
    for (const sample of samples) {
      expect(acceptsRewritten(sample), JSON.stringify(sample)).toBe(accepts(sample));
    }
    expect(samples.filter((sample) => accepts(sample)).length).toBeGreaterThan(4);
    expect(samples.filter((sample) => !accepts(sample)).length).toBeGreaterThan(4);
  });
});
