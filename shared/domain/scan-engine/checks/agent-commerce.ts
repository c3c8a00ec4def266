/**
 * Commerce discovery, reported in the agent check as findings without points (issue 28, issue
 * 37): the UCP business profile at `/.well-known/ucp` and ACP discovery at
 * `/.well-known/acp.json`. UCP 2026-08-25 (the release Shopify storefronts now advertise) moves
 * the profile's signing keys to `keys` at the document root (a JWK set: each key has `kid` and
 * `kty`) from `ucp.signing_keys`; 2026-04-08 profiles are still accepted as they are, and
 * profiles older than that are credited with a note naming the current version.
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  type ScanArtifacts,
} from '#shared/domain/scan-engine/artifacts';
import { isObject, type JsonObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';

/** UCP's current release, and the one before it, still read as it is. */
export const UCP_VERSION = '2026-08-25';
const UCP_ACCEPTED = '2026-04-08';

const WHERE = 'The UCP profile at /.well-known/ucp';

function jsonProbe(fetched: Fetched | undefined): JsonObject | undefined {
  if (!isOk(fetched) || !isJsonResponse(fetched)) return undefined;
  const document = parseJson(fetched.text);
  return isObject(document) ? document : undefined;
}

/** Signing keys where a 2026-08-25 reader looks (root `keys`), or why they are not usable. */
function rootKeys(profile: JsonObject): { count: number } | { problem: string } | undefined {
  if (profile.keys === undefined) return undefined;
  const keys = profile.keys;
  if (!Array.isArray(keys)) return { problem: 'keys at the root is not a list of JWKs' };
  const unnamed = keys.filter(
    (key) => !isObject(key) || typeof key.kid !== 'string' || typeof key.kty !== 'string',
  );
  return unnamed.length > 0
    ? { problem: `${unnamed.length} of the ${keys.length} keys at the root lack kid or kty` }
    : { count: keys.length };
}

function ucpFinding(profile: JsonObject): Finding {
  const standard = standardRef('ucp');
  const version = isObject(profile.ucp) ? profile.ucp.version : undefined;
  if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
    return {
      id: 'agent.ucp_no_version',
      state: 'bad',
      standard,
      text: `${WHERE} has no ucp.version date (YYYY-MM-DD).`,
    };
  }
  const nested = isObject(profile.ucp) && profile.ucp.signing_keys !== undefined;
  if (version >= UCP_VERSION) {
    const keys = rootKeys(profile);
    if (keys !== undefined && 'problem' in keys) {
      return {
        id: 'agent.ucp_keys_invalid',
        state: 'bad',
        standard,
        text: `${WHERE} (version ${version}): ${keys.problem}.`,
      };
    }
    if (keys === undefined && nested) {
      return {
        id: 'agent.ucp_keys_nested',
        state: 'warn',
        standard,
        text: `${WHERE} declares version ${version} but keeps its signing keys in ucp.signing_keys; since 2026-08-25 readers take them from keys at the document root (a JWK set). Move them there.`,
      };
    }
    const signed = keys === undefined ? '' : `, ${keys.count} signing key(s) at the root`;
    return {
      id: 'agent.ucp_ok',
      state: 'good',
      standard,
      text: `Agents can shop here: UCP business profile at /.well-known/ucp (version ${version}${signed}).`,
    };
  }
  if (version >= UCP_ACCEPTED) {
    return {
      id: 'agent.ucp_previous_ok',
      state: 'good',
      standard,
      text: `Agents can shop here: UCP business profile at /.well-known/ucp (version ${version}, still read as it is; the current release is ${UCP_VERSION}, which takes signing keys from keys at the root).`,
    };
  }
  return {
    id: 'agent.ucp_old_version',
    state: 'warn',
    standard,
    text: `${WHERE} declares version ${version}; the current UCP is ${UCP_VERSION} (${UCP_ACCEPTED} profiles are still read as they are). Agents can still shop here.`,
  };
}

export function commerceFindings(artifacts: ScanArtifacts): Finding[] {
  const findings: Finding[] = [];
  const ucp = jsonProbe(artifacts.probes['/.well-known/ucp']);
  if (ucp !== undefined) findings.push(ucpFinding(ucp));
  const acp = jsonProbe(artifacts.probes['/.well-known/acp.json']);
  if (acp !== undefined) {
    const standard = standardRef('acp');
    const protocol = isObject(acp.protocol) ? acp.protocol : undefined;
    findings.push(
      protocol?.name === 'acp' && typeof protocol.version === 'string'
        ? {
            id: 'agent.acp_ok',
            state: 'good',
            standard,
            text: `Agentic Commerce Protocol discovery at /.well-known/acp.json (version ${protocol.version}).`,
          }
        : {
            id: 'agent.acp_invalid',
            state: 'bad',
            standard,
            text: '/.well-known/acp.json lacks protocol.name "acp" and a protocol.version.',
          },
    );
  }
  return findings;
}
