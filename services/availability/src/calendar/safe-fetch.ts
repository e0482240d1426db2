// Fetches a calendar link for the import, safely (docs/product/times.md): https only (webcal:// read as https),
// public addresses only, checked after DNS resolution and again on every redirect (at most 3), the connection
// pinned to the checked address, one deadline for the whole fetch, a size cap, no cookies or credentials.
import { lookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { isPublicAddress } from './public-address.js';

export type FetchFailure = 'badUrl' | 'notAllowed' | 'unreachable' | 'tooLarge';

export class CalendarFetchError extends Error {
  constructor(readonly kind: FetchFailure) {
    super(kind);
  }
}

export interface FetchPolicy {
  /** Tests only: hosts (`host` or `host:port`) fetched although their address is not public. */
  allowHosts: ReadonlySet<string>;
  /** Tests only: extra trusted CA certificates (PEM), on top of Node's root store. */
  extraCa?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The link as an https URL; webcal:// is read as https://. Anything else (http, ftp, no host) is not allowed. */
function calendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CalendarFetchError('badUrl');
  }
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:') url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) throw new CalendarFetchError('notAllowed');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The address to connect to: every address the name resolves to must be public (or the host allowed by the test setting). */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = bareHost(url);
  const allowed = policy.allowHosts.has(url.host) || policy.allowHosts.has(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new CalendarFetchError('unreachable');
    }
  }
  if (!addresses.length) throw new CalendarFetchError('unreachable');
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) throw new CalendarFetchError('notAllowed');
  return addresses[0]!;
}

/** Resolves the name to the address checked before, so a second DNS answer cannot point elsewhere. */
const pinned =
  (target: { address: string; family: number }): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };

function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
      res.destroy();
      return reject(new CalendarFetchError('tooLarge'));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new CalendarFetchError('tooLarge'));
      } else chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', () => reject(new CalendarFetchError('unreachable')));
  });
}

function get(url: URL, target: { address: string; family: number }, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      url,
      {
        lookup: pinned(target),
        agent: false,
        signal,
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Stundenplan-Assistent (Kalenderimport)' },
        ...(policy.extraCa ? { ca: [...rootCertificates, policy.extraCa] } : {}),
      },
      resolve,
    );
    req.on('error', () => reject(new CalendarFetchError('unreachable')));
  });
}

/** The promise, or 'unreachable' once the deadline has passed (a DNS lookup has no timeout of its own). */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new CalendarFetchError('unreachable'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The text of the calendar at `raw` (https or webcal). Throws CalendarFetchError. */
export async function fetchCalendar(raw: string, policy: FetchPolicy): Promise<string> {
  let url = calendarUrl(raw);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  for (let redirects = 0; ; redirects++) {
    const target = await beforeDeadline(checkedAddress(url, policy), signal);
    const res = await get(url, target, policy, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (redirects >= policy.maxRedirects) throw new CalendarFetchError('unreachable');
      let next: URL;
      try {
        next = new URL(res.headers.location, url);
      } catch {
        throw new CalendarFetchError('unreachable');
      }
      url = calendarUrl(next.href);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new CalendarFetchError('unreachable');
    }
    return readBody(res, policy.maxBytes);
  }
}
