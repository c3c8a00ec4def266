/**
 * The JSON Canonicalization Scheme (RFC 8785): object members sorted by their UTF-16 code units,
 * no whitespace, numbers as ECMAScript serializes them, strings as JSON.stringify escapes them
 * (which is what RFC 8785 §3.2.2 prescribes). Used to verify A2A Agent Card signatures
 * (A2A 1.0.1 §8.4), which sign the card canonicalised without its `signatures` member.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('RFC 8785 has no form for NaN or Infinity');
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      // Default string comparison is by UTF-16 code units, as RFC 8785 §3.2.3 asks.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  throw new Error(`RFC 8785 has no form for ${typeof value}`);
}
