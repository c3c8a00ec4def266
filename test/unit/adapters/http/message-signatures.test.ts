import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDirectoryResponse } from '#shared/adapters/http/message-signatures';
import { jwkThumbprint, type SigningKeyRecord } from '#shared/domain/scanner-identity/keys';

/** RFC 9421 appendix B.1.4, the Ed25519 test key the Web Bot Auth draft's vectors use. */
const TEST_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
-----END PRIVATE KEY-----`;

function testKey(): SigningKeyRecord {
  const jwk = createPrivateKey(TEST_KEY_PEM).export({ format: 'jwk' });
  const key = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: String(jwk.x), d: String(jwk.d) };
  return { kid: jwkThumbprint(key), jwk: key, createdAt: '2025-01-01T00:00:00Z' };
}

describe('the key directory signature', () => {
  it('reproduces the draft-ietf-webbotauth-httpsig-protocol-01 signed directory vector', () => {
    const key = testKey();
    expect(key.jwk.x).toBe('JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs');
    expect(key.kid).toBe('poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U');
    const body = `{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"${key.kid}","x":"${key.jwk.x}","use":"sig"}]}`;
    const headers = signDirectoryResponse({
      keys: [key],
      authority: 'signature-agent.test',
      body,
      now: 1735689600 * 1000,
      lifetimeSeconds: 4889289600 - 1735689600,
    });
    expect(headers['content-digest']).toBe(
      'sha-256=:CADMT2aBdV/rqQr/NIru64ERQkCobVvllA4V0fLFDu0=:',
    );
    expect(headers['signature-input']).toBe(
      `binding0=("@authority";req "content-digest");created=1735689600;expires=4889289600;keyid="${key.kid}";tag="http-message-signatures-directory"`,
    );
    expect(headers.signature).toBe(
      'binding0=:l6P8R67tm3kujAxbHWio7ll01qrEZ0dKD/WWlGhNYEmTnFZM8Wt0VQ9zqGfvo7T/UMkBxsigzChM1Gpz7gOVBg==:',
    );
  });
});
