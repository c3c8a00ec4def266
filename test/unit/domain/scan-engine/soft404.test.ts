import { describe, expect, it } from 'vitest';
import { fingerprintOf, markCatchAll, matchCatchAll } from '#shared/domain/scan-engine/soft404';
import { notFound, response } from './artifact-builders.ts';

const json = (path: string, value: unknown) =>
  response(path, { type: 'application/json', body: JSON.stringify(value) });

describe('catch-all fingerprint', () => {
  it('is learned only from a probe that answered 2xx', () => {
    expect(fingerprintOf(notFound('/.well-known/agent-readiness-probe-x'))).toBeUndefined();
    expect(
      fingerprintOf(json('/.well-known/agent-readiness-probe-x', { error: 'no' })),
    ).toMatchObject({
      contentType: 'application/json',
    });
  });

  it('recognises a JSON error body by its shape, whatever ids or times it carries', () => {
    const probe = json('/.well-known/agent-readiness-probe-x', { error: 'not found', id: 'a1' });
    const prints = [fingerprintOf(probe)].filter((print) => print !== undefined);
    const agents = json('/.well-known/agents.json', { error: 'not found', id: 'b2' });
    expect(matchCatchAll(agents, prints)).toMatchObject({ contentType: 'application/json' });
    const real = json('/.well-known/agents.json', { name: 'Example', agents: [] });
    expect(matchCatchAll(real, prints)).toBeUndefined();
  });

  it('recognises a text body that echoes the requested path', () => {
    const probe = response('/agent-readiness-probe-x.txt', {
      type: 'text/plain',
      body: 'No route for /agent-readiness-probe-x.txt',
    });
    const prints = [fingerprintOf(probe)].filter((print) => print !== undefined);
    const llms = response('/llms.txt', { type: 'text/plain', body: 'No route for /llms.txt' });
    expect(markCatchAll(llms, prints)).toMatchObject({
      catchAll: { contentType: 'text/plain', preview: 'No route for /agent-readiness-probe-x.txt' },
    });
  });

  it('never marks an answer of another content type or status', () => {
    const probe = response('/agent-readiness-probe-x.txt', { type: 'text/plain', body: 'Nope' });
    const prints = [fingerprintOf(probe)].filter((print) => print !== undefined);
    const html = response('/llms.txt', { type: 'text/html', body: 'Nope' });
    const missing = response('/llms.txt', { status: 404, type: 'text/plain', body: 'Nope' });
    expect(markCatchAll(html, prints)).toBe(html);
    expect(markCatchAll(missing, prints)).toBe(missing);
  });
});
