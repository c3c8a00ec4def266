/**
 * Turns what a person typed ("Example.com", "https://www.example.com/blog", "localhost:4100")
 * into the domain we report and the origins we try. Parsing is done by WHATWG URL, the same
 * parser the fetcher uses, so "2130706433" and "0177.0.0.1" are recognised as the IP literal
 * 127.0.0.1 here and are refused in production instead of slipping through as names.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { BadRequestError } from '#shared/domain/kernel/errors';
import { isIpLiteral, isLocalHostname } from '#shared/domain/kernel/net/address-policy';
import type { ScanTarget } from './types.ts';

/** The longest domain or URL a scan accepts as typed. */
export const MAX_SCAN_INPUT_LENGTH = 2048;
const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const HOST_LABEL = /^(?!-)[a-z0-9-]+(?<!-)$/;

export interface ParseScanTargetOptions {
  allowPrivateTargets: boolean;
}

export function parseScanTarget(input: string, options: ParseScanTargetOptions): ScanTarget {
  const { url, scheme } = parseInput(input);
  const host = url.hostname.replace(/\.$/, '');
  if (host === '') {
    throw invalid('The address has no host name.');
  }
  if (host.length > MAX_HOST_LENGTH) {
    throw invalid(`The host name is longer than ${MAX_HOST_LENGTH} characters.`);
  }
  checkDestination(url, host, options);
  if (url.port === '0') {
    throw invalid('Port 0 cannot be scanned; give a port from 1 to 65535.');
  }
  return targetOf(url, host, scheme);
}

/** The input as a URL (scheme-less input is read as http) and the scheme the caller named. */
function parseInput(input: string): { url: URL; scheme: string | undefined } {
  const trimmed = input.trim();
  if (trimmed === '') {
    throw invalid('Give a domain to scan, for example "example.com".');
  }
  if (trimmed.length > MAX_SCAN_INPUT_LENGTH) {
    throw invalid(`The input is longer than ${MAX_SCAN_INPUT_LENGTH} characters.`);
  }
  if (/\s/.test(trimmed)) {
    throw invalid('A domain cannot contain spaces.');
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw invalid(`Only http and https addresses can be scanned, not ${scheme}:.`);
  }
  if (scheme === undefined && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) {
    // "mailto:x@example.com", "javascript:..." — a scheme without "//" that is not host:port.
    throw invalid('Give a domain or an http(s) URL.');
  }
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `http://${trimmed}` : trimmed);
  } catch {
    throw invalid(`"${truncate(trimmed)}" is not a domain or URL.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('The address must not contain a user name or password.');
  }
  return { url, scheme };
}

/** Literals, local names and ports (production only), and the shape of every label. */
function checkDestination(url: URL, host: string, options: ParseScanTargetOptions): void {
  const literal = isIpLiteral(host);
  const local = !literal && isLocalHostname(host);
  if (!options.allowPrivateTargets) {
    if (literal) {
      throw invalid('Scan a domain name, not an IP address.');
    }
    if (local) {
      throw invalid(`"${host}" is not a public domain name (it needs a dot and a public suffix).`);
    }
    if (url.port !== '' && url.port !== '80' && url.port !== '443') {
      throw invalid('Only the standard ports 80 and 443 can be scanned.');
    }
  }
  if (!literal && !(options.allowPrivateTargets && host === 'localhost')) {
    checkLabels(host, local);
  }
}

function checkLabels(host: string, local: boolean): void {
  const labels = host.split('.');
  if (labels.some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)) {
    throw invalid(`"${host}" is not a valid host name.`);
  }
  if (labels.some((label) => !HOST_LABEL.test(label))) {
    throw invalid(`"${host}" contains characters that are not allowed in a host name.`);
  }
  if (!local && /^\d+$/.test(labels[labels.length - 1] ?? '')) {
    throw invalid(`"${host}" is not a valid host name.`);
  }
  const badLabel = labels.find((label) => !isValidAceLabel(label));
  if (badLabel !== undefined) {
    throw invalid(
      `"${badLabel}" in "${host}" is not valid punycode (an xn-- label must encode a name).`,
    );
  }
}

/** The domain we report and the origins we try, https first unless a scheme was named. */
function targetOf(url: URL, host: string, scheme: string | undefined): ScanTarget {
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  // new URL drops the scheme's default port already; for scheme-less input we parsed as http,
  // so "example.com:443" keeps "443" and is treated as the https default below.
  const port = url.port;
  const portIsDefault =
    port === '' || (scheme === undefined ? port === '80' || port === '443' : port === defaultPort);
  // "www.example.com" is example.com, but "www.com" is not "com".
  const bareHost = host.startsWith('www.') && host.slice(4).includes('.') ? host.slice(4) : host;
  const domain = portIsDefault ? bareHost : `${bareHost}:${port}`;
  const hostWithPort = `${url.hostname.replace(/\.$/, '')}${portIsDefault ? '' : `:${port}`}`;
  if (scheme !== undefined) {
    return { domain, startUrls: [`${scheme}://${hostWithPort}`] };
  }
  if (port === '443') {
    return { domain, startUrls: [`https://${host}`] };
  }
  if (port === '80') {
    return { domain, startUrls: [`http://${host}`] };
  }
  return { domain, startUrls: [`https://${hostWithPort}`, `http://${hostWithPort}`] };
}

/**
 * An `xn--` label must decode to a valid internationalised name that encodes back to itself;
 * WHATWG URL passes "xn--zz" through unchecked, and the scan would then fail on DNS.
 */
function isValidAceLabel(label: string): boolean {
  if (!label.startsWith('xn--')) {
    return true;
  }
  const unicode = domainToUnicode(label);
  return unicode !== '' && unicode !== label && domainToASCII(unicode) === label;
}

function invalid(message: string): BadRequestError {
  return new BadRequestError('invalid_domain', message);
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
