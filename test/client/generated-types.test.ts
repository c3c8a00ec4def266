import { describe, expect, it } from 'vitest';
import {
  currentOpenApiDocument,
  generateClientTypes,
  readCommittedTypes,
  typeDrift,
} from '#scripts/client-types';

/**
 * The client's generated types never drift from the served document: they are regenerated
 * here from the route manifest and compared with the committed file (npm run client:types).
 */
describe('client/src/generated/openapi.ts', () => {
  it('is what the current OpenAPI document generates', async () => {
    const regenerated = await generateClientTypes(currentOpenApiDocument());
    const drift = typeDrift(await readCommittedTypes(), regenerated);
    expect(drift, 'stale generated types: run `npm run client:types`').toEqual([]);
  });

  it('is reported stale when the document gains a field (planted drift)', async () => {
    const document = currentOpenApiDocument();
    const stats = document.components?.schemas?.Stats as {
      properties: Record<string, unknown>;
      required: string[];
    };
    stats.properties.planted_field = { type: 'string' };
    stats.required.push('planted_field');
    const drift = typeDrift(await readCommittedTypes(), await generateClientTypes(document));
    expect(drift.length).toBeGreaterThan(0);
    expect(drift.join('\n')).toContain('planted_field: string;');
  });
});
