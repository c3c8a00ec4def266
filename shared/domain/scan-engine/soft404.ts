/**
 * The site's catch-all answer (a "soft 404"), learned from random paths that cannot exist,
 * and the test that tells a real document from it. It works for any content type: an SPA's
 * HTML shell, a framework's JSON error body, a plain-text "Not found". A document that
 * matches is missing, whatever its status code says.
 */
import {
  type CatchAllAnswer,
  contentTypeOf,
  type Fetched,
  type FetchedResponse,
  isResponse,
} from './artifacts.ts';
import { parseJson } from './parse/json-ld.ts';

export interface CatchAllFingerprint {
  contentType: string;
  /** The first 2 KiB of the body with the requested path replaced by a placeholder. */
  normalised: string;
  /** For JSON bodies: keys and value types, which survive request ids and timestamps. */
  jsonShape: string | undefined;
  preview: string;
}

const COMPARED_CHARS = 2048;
const PREVIEW_CHARS = 60;

/** The fingerprint of a probe of a path that cannot exist; undefined when it was a real 4xx. */
export function fingerprintOf(probe: Fetched): CatchAllFingerprint | undefined {
  if (!isResponse(probe) || probe.status < 200 || probe.status >= 300) {
    return undefined;
  }
  return {
    contentType: contentTypeOf(probe),
    normalised: normalisedBody(probe),
    jsonShape: jsonShapeOf(probe.text),
    preview: preview(probe.text),
  };
}

/** The catch-all answer `fetched` is, if it is one. Only 2xx answers can be. */
export function matchCatchAll(
  fetched: FetchedResponse,
  fingerprints: readonly CatchAllFingerprint[],
): CatchAllAnswer | undefined {
  if (fetched.status < 200 || fetched.status >= 300) {
    return undefined;
  }
  const type = contentTypeOf(fetched);
  for (const fingerprint of fingerprints) {
    if (fingerprint.contentType !== type) {
      continue;
    }
    const sameShape =
      fingerprint.jsonShape !== undefined && fingerprint.jsonShape === jsonShapeOf(fetched.text);
    if (sameShape || normalisedBody(fetched) === fingerprint.normalised) {
      return { contentType: type, preview: fingerprint.preview };
    }
  }
  return undefined;
}

/** `fetched` marked as the catch-all when it is one; the same object otherwise. */
export function markCatchAll(
  fetched: Fetched,
  fingerprints: readonly CatchAllFingerprint[],
): Fetched {
  if (!isResponse(fetched) || fingerprints.length === 0) {
    return fetched;
  }
  const catchAll = matchCatchAll(fetched, fingerprints);
  return catchAll === undefined ? fetched : { ...fetched, catchAll };
}

/** The body with its own path blanked out, so "no route for /x" and "... /y" compare equal. */
function normalisedBody(fetched: FetchedResponse): string {
  let body = fetched.text.slice(0, COMPARED_CHARS * 2);
  for (const url of new Set([fetched.url, fetched.finalUrl])) {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      continue;
    }
    if (path.length > 1) {
      body = body.replaceAll(url, '{url}').replaceAll(path, '{path}');
    }
  }
  return body.slice(0, COMPARED_CHARS);
}

function jsonShapeOf(text: string): string | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) {
    return undefined;
  }
  const value = parseJson(text);
  return value === undefined ? undefined : shape(value, 0);
}

function shape(value: unknown, depth: number): string {
  if (depth > 4) {
    return '…';
  }
  if (Array.isArray(value)) {
    return `[${value.length === 0 ? '' : shape(value[0], depth + 1)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => `${key}:${shape(inner, depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  return value === null ? 'null' : typeof value;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}
