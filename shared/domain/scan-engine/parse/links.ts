/**
 * Links between documents: RFC 9264 linksets (api-catalog) and RFC 8288 `Link` headers.
 */
import { isObject } from './json-ld.ts';

/** Hrefs of every link with `relation` in an RFC 9264 linkset document. */
export function linksetHrefs(document: unknown, relation: string): string[] {
  if (!isObject(document) || !Array.isArray(document.linkset)) {
    return [];
  }
  const hrefs: string[] = [];
  for (const context of document.linkset) {
    const targets = isObject(context) ? context[relation] : undefined;
    if (!Array.isArray(targets)) {
      continue;
    }
    for (const target of targets) {
      if (isObject(target) && typeof target.href === 'string') {
        hrefs.push(target.href);
      }
    }
  }
  return hrefs;
}

/** Targets of an HTTP Link header with the given rel (and type, when asked). */
export function linkHeaderTargets(
  header: string | undefined,
  relation: string,
  type?: string,
): string[] {
  if (header === undefined) {
    return [];
  }
  const targets: string[] = [];
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const params = match[2] ?? '';
    const rels = (paramValue(params, 'rel') ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes(relation)) {
      continue;
    }
    if (type !== undefined && (paramValue(params, 'type') ?? '').toLowerCase() !== type) {
      continue;
    }
    targets.push(match[1] ?? '');
  }
  return targets;
}

function paramValue(params: string, name: string): string | undefined {
  const found = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;,\\s]+))`, 'i').exec(params);
  return found === null ? undefined : (found[1] ?? found[2]);
}

/** RFC 8414 §3: the well-known segment goes between the host and the issuer's path. */
export function authServerMetadataUrl(issuer: string): string | undefined {
  try {
    const url = new URL(issuer);
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
    return `${url.origin}/.well-known/oauth-authorization-server${path}`;
  } catch {
    return undefined;
  }
}
