/**
 * DNS-AID (Agent Identity & Discovery, AID v2.1.0 of 2026-06-01; draft-nemethi-dawn-aid-00):
 * a TXT record at `_agent.<host>` of semicolon-separated `key=value` pairs naming where a
 * domain's agent is (`u`/`uri`), which protocol it speaks (`p`/`proto`) and the record version
 * (`v=aid2`; `aid1` is the compatibility format). The port is the one lookup the scan makes
 * outside HTTP; offline (OFFLINE_DNS=1) there is no resolver, and the finding says so.
 */
import type { DnsAidAnswer } from './artifacts.ts';

/** The TXT lookup the wiring provides: the records (each one's strings joined), or none. */
export interface TxtResolver {
  /** 'none' for NXDOMAIN or no TXT data; throws on any other failure (timeout, SERVFAIL). */
  txt(name: string): Promise<string[] | 'none'>;
}

/** The name DNS-AID asks about: `_agent.` and the host as the user gave it, without a port. */
export function dnsAidName(domain: string): string {
  return `_agent.${domain.replace(/:\d+$/, '')}`;
}

export async function lookupDnsAid(
  domain: string,
  resolver: TxtResolver | undefined,
): Promise<DnsAidAnswer> {
  const name = dnsAidName(domain);
  if (resolver === undefined) return { kind: 'offline', name };
  try {
    const records = await resolver.txt(name);
    return records === 'none' ? { kind: 'none', name } : { kind: 'records', name, records };
  } catch (error) {
    return { kind: 'error', name, message: (error as Error).message };
  }
}

/** One AID record read: its members under their short keys, or why it is not one. */
export type AidRecord =
  | { ok: true; version: string; uri: string; protocol: string; members: Map<string, string> }
  | { ok: false; problem: string };

const LONG_KEYS: Record<string, string> = {
  version: 'v',
  uri: 'u',
  proto: 'p',
  auth: 'a',
  desc: 's',
  docs: 'd',
  dep: 'e',
  pka: 'k',
  kid: 'i',
};

export function parseAidRecord(text: string): AidRecord {
  const members = new Map<string, string>();
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) return { ok: false, problem: `"${trimmed.slice(0, 40)}" is not key=value` };
    const raw = trimmed.slice(0, equals).trim().toLowerCase();
    const key = LONG_KEYS[raw] ?? raw;
    if (members.has(key)) return { ok: false, problem: `the key ${raw} appears twice` };
    members.set(key, trimmed.slice(equals + 1).trim());
  }
  const version = members.get('v');
  if (version !== 'aid1' && version !== 'aid2') {
    return {
      ok: false,
      problem: `v is ${version === undefined ? 'missing' : `"${version}"`}, not aid2 (or aid1)`,
    };
  }
  const uri = members.get('u');
  const protocol = members.get('p');
  if (protocol === undefined || protocol === '') return { ok: false, problem: 'no p (protocol)' };
  if (uri === undefined || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(uri)) {
    return { ok: false, problem: 'no u (the agent endpoint URI)' };
  }
  return { ok: true, version, uri, protocol, members };
}
