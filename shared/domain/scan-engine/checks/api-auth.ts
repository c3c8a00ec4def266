/**
 * The auth-discovery half of check 7 `api` (2 + 2 points): OAuth protected-resource metadata
 * (RFC 9728) and authorization-server metadata (RFC 8414 / OpenID Discovery). A resource may
 * describe itself without naming any authorization server (RFC 9728 §2: `authorization_servers`
 * is OPTIONAL, its set "will not be enumerable" in some uses): when it states how bearer tokens
 * are sent (`bearer_methods_supported`) and names none, its tokens come from outside OAuth (API
 * keys), and authorization-server metadata does not apply (docs/decisions.md, issue 15).
 */
import {
  type Fetched,
  homepageHeaders,
  isJsonResponse,
  isOk,
  isScannerFailure,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { homepageFacts } from '#shared/domain/scan-engine/context';
import { isObject, parseJson, stringList } from '#shared/domain/scan-engine/parse/json-ld';
import { authServerMetadataUrl } from '#shared/domain/scan-engine/parse/links';
import {
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';

const POINTS = { prm: 2, authServer: 2 } as const;
/** RFC 9728 §2 and RFC 6750 §2: the defined ways of sending a bearer token. */
const BEARER_METHODS = ['header', 'body', 'query'];

/** A JSON body from a probe that answered 2xx with a JSON type; undefined otherwise. */
export function jsonProbe(fetched: Fetched | undefined): unknown {
  if (!isOk(fetched) || !isJsonResponse(fetched)) {
    return undefined;
  }
  return parseJson(fetched.text);
}

export interface AuthLookup {
  found: { url: string; document: Record<string, unknown>; expectedIssuer: string } | undefined;
  invalid: string | undefined;
}
export function findAuthMetadata(artifacts: ScanArtifacts): AuthLookup {
  const candidates: Array<[string, Fetched | undefined, string]> = [
    [
      `${artifacts.origin}/.well-known/oauth-authorization-server`,
      artifacts.probes['/.well-known/oauth-authorization-server'],
      artifacts.origin,
    ],
    [
      `${artifacts.origin}/.well-known/openid-configuration`,
      artifacts.probes['/.well-known/openid-configuration'],
      artifacts.origin,
    ],
  ];
  const prmDocument = jsonProbe(artifacts.probes['/.well-known/oauth-protected-resource']);
  if (isObject(prmDocument)) {
    for (const issuer of stringList(prmDocument, 'authorization_servers')) {
      const url = authServerMetadataUrl(issuer);
      if (url !== undefined && artifacts.authServerMetadata[url] !== undefined) {
        candidates.push([url, artifacts.authServerMetadata[url], issuer]);
      }
    }
  }
  let invalid: string | undefined;
  for (const [url, fetched, expectedIssuer] of candidates) {
    const document = jsonProbe(fetched);
    if (!isObject(document)) {
      continue;
    }
    if (typeof document.issuer === 'string') {
      return { found: { url, document, expectedIssuer }, invalid: undefined };
    }
    invalid ??= url;
  }
  return { found: undefined, invalid };
}

export function authSignals(
  artifacts: ScanArtifacts,
  prm: Fetched | undefined,
  auth: AuthLookup,
  openApi: Record<string, unknown> | undefined,
): Signal[] {
  const evidence = protectionEvidence(artifacts, jsonProbe(prm), auth, openApi);
  if (evidence.length === 0) {
    return [
      notApplicable('prm', POINTS.prm, {
        id: 'api.no_protected_api',
        state: 'info',
        text: 'No protected API detected (no WWW-Authenticate, securitySchemes or login); OAuth discovery not applicable.',
      }),
      notApplicable('auth-server', POINTS.authServer),
    ];
  }
  return [prmSignal(artifacts, prm, evidence), authServerSignal(artifacts, auth)];
}

/** Why the site looks like it has a protected API (empty: OAuth discovery does not apply). */
function protectionEvidence(
  artifacts: ScanArtifacts,
  prmDocument: unknown,
  auth: AuthLookup,
  openApi: Record<string, unknown> | undefined,
): string[] {
  const components = isObject(openApi?.components) ? openApi.components : undefined;
  const loginLink = (homepageFacts(artifacts)?.anchors ?? []).some((anchor) =>
    /\/(log-?in|sign-?in)(\/|$)/i.test(anchor.href),
  );
  return [
    homepageHeaders(artifacts)['www-authenticate'] !== undefined ? 'WWW-Authenticate on /' : '',
    isObject(components?.securitySchemes) ? 'OpenAPI securitySchemes' : '',
    loginLink ? 'a login link' : '',
    prmDocument !== undefined ? 'protected-resource metadata' : '',
    auth.found !== undefined ? 'authorization-server metadata' : '',
  ].filter(Boolean);
}

/**
 * What a protected-resource metadata document tells an agent: the resource it describes and
 * either the authorization servers to get a token from or, naming none, how to send a token it
 * got elsewhere (`bearer_methods_supported`). Empty when it is not a JSON object.
 */
interface PrmReading {
  problems: string[];
  /** Valid and names no authorization server: tokens are issued outside OAuth. */
  withoutAuthServer: boolean;
}

function readPrm(document: Record<string, unknown>, origin: string): PrmReading {
  const resource =
    typeof document.resource === 'string' ? document.resource.replace(/\/$/, '') : '';
  const servers = stringList(document, 'authorization_servers');
  const declared = document.authorization_servers !== undefined;
  const methods = stringList(document, 'bearer_methods_supported');
  const unknownMethods = methods.filter((method) => !BEARER_METHODS.includes(method));
  const problems = [
    resource === origin ? '' : `resource "${resource}" is not ${origin} (RFC 9728 §3.3)`,
    declared && servers.length === 0 ? 'authorization_servers is empty' : '',
    !declared && methods.length === 0
      ? 'it names neither authorization_servers nor bearer_methods_supported, so an agent cannot tell how to authorise'
      : '',
    unknownMethods.length > 0
      ? `bearer_methods_supported has ${unknownMethods.join(', ')} (RFC 9728 defines header, body, query)`
      : '',
  ].filter(Boolean);
  return { problems, withoutAuthServer: problems.length === 0 && !declared };
}

function prmSignal(
  artifacts: ScanArtifacts,
  prm: Fetched | undefined,
  evidence: readonly string[],
): Signal {
  const prmDocument = jsonProbe(prm);
  if (isObject(prmDocument)) {
    const { problems, withoutAuthServer } = readPrm(prmDocument, artifacts.origin);
    if (problems.length > 0) {
      return partial('prm', POINTS.prm, 0.25, {
        id: 'api.prm_problems',
        state: 'bad',
        text: `Protected-resource metadata is present but ${problems.join(' and ')}.`,
      });
    }
    const methods = stringList(prmDocument, 'bearer_methods_supported');
    return pass('prm', POINTS.prm, {
      id: 'api.prm_ok',
      state: 'good',
      text: withoutAuthServer
        ? `OAuth protected-resource metadata (RFC 9728) names this origin and says bearer tokens go in the ${methods.join(', ')}; it names no authorization server, so tokens are issued outside OAuth.`
        : 'OAuth protected-resource metadata (RFC 9728) names this origin and its authorization server(s).',
    });
  }
  if (isScannerFailure(prm)) {
    return unverifiable('prm', POINTS.prm, {
      cause: 'scanner',
      note: 'protected-resource metadata',
    });
  }
  return fail('prm', POINTS.prm, {
    id: 'api.prm_missing',
    state: 'bad',
    text: `The API looks protected (${evidence.join(', ')}) but /.well-known/oauth-protected-resource is missing; publish RFC 9728 metadata so agents can find how to authorise (with bearer_methods_supported alone when tokens are API keys rather than OAuth).`,
  });
}

/** The resource names no authorization server and none is published: nothing to judge. */
function authServerNotApplicable(artifacts: ScanArtifacts, auth: AuthLookup): boolean {
  if (auth.found !== undefined || auth.invalid !== undefined) return false;
  const document = jsonProbe(artifacts.probes['/.well-known/oauth-protected-resource']);
  return isObject(document) && readPrm(document, artifacts.origin).withoutAuthServer;
}

function authServerSignal(artifacts: ScanArtifacts, auth: AuthLookup): Signal {
  if (authServerNotApplicable(artifacts, auth)) {
    return notApplicable('auth-server', POINTS.authServer, {
      id: 'api.auth_server_na',
      state: 'info',
      text: 'Authorization-server metadata not applicable: the protected-resource metadata names no authorization server (RFC 9728 §2, authorization_servers is optional), so tokens come from outside OAuth.',
    });
  }
  if (auth.found === undefined) {
    return fail('auth-server', POINTS.authServer, {
      id: auth.invalid ? 'api.auth_server_invalid' : 'api.auth_server_missing',
      state: 'bad',
      text: auth.invalid
        ? `${shortUrl(auth.invalid, artifacts.origin)} is JSON without an issuer; publish RFC 8414 or OpenID metadata.`
        : 'No OAuth/OpenID authorization-server metadata found; publish /.well-known/oauth-authorization-server (RFC 8414).',
    });
  }
  const { document, expectedIssuer, url } = auth.found;
  const issuerOk = String(document.issuer).replace(/\/$/, '') === expectedIssuer.replace(/\/$/, '');
  const missing = ['authorization_endpoint', 'token_endpoint', 'response_types_supported'].filter(
    (field) => document[field] === undefined,
  );
  const pkce = stringList(document, 'code_challenge_methods_supported').includes('S256');
  const problems = [
    issuerOk
      ? ''
      : `issuer "${String(document.issuer)}" does not match ${expectedIssuer} (RFC 8414 §3.3)`,
    missing.length > 0 ? `missing ${missing.join(', ')}` : '',
    pkce ? '' : 'code_challenge_methods_supported lacks S256',
  ].filter(Boolean);
  const where = shortUrl(url, artifacts.origin);
  return problems.length === 0
    ? pass('auth-server', POINTS.authServer, {
        id: 'api.auth_server_ok',
        state: 'good',
        text: `Authorization-server metadata at ${where} is complete (issuer, endpoints, PKCE S256).`,
      })
    : partial('auth-server', POINTS.authServer, issuerOk ? 0.5 : 0, {
        id: 'api.auth_server_problems',
        state: 'bad',
        text: `Authorization-server metadata at ${where}: ${problems.join('; ')}.`,
      });
}
