import { describe, expect, it } from 'vitest';
import { canonicalJson } from '#shared/domain/scan-engine/parse/jcs';

describe('RFC 8785 canonical JSON', () => {
  it('matches the RFC 8785 §3.2.2 example: sorted members, ES number forms, minimal escapes', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members by UTF-16 code units, not by locale', () => {
    expect(canonicalJson({ b: 1, a: 2, A: 3, é: 4 })).toBe('{"A":3,"a":2,"b":1,"é":4}');
  });
});
