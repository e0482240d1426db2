import { INPUT_MESSAGES, queryHasControlCharacters } from '@stundenplan/base';
import type { Request, Response } from 'express';

/**
 * One canonical spelling of a request path. It decides the rate-limit rule, the route and what the
 * owning service receives, so no other spelling of a limited path can reach a handler uncounted.
 *
 * - percent-encoded unreserved characters (A-Z a-z 0-9 - . _ ~) are decoded, every other escape is
 *   kept with upper-case hex (so `%2F` stays an escaped slash and never becomes a separator);
 * - an escape that is not two hex digits is invalid; a control character, raw or escaped, too;
 * - a raw `#` is refused: a fragment is never sent, and the services' router would cut it off
 *   (`/api/auth/login#x` is the login there), so the limits must not see another path;
 * - a `.` or `..` segment, raw or escaped in any spelling (`%2e`, `%2E.`), is refused: it is never
 *   resolved into another route (`/api/classes/c/members/%2e%2e` must not become the class itself),
 *   and clients resolve dot segments before they send a request;
 * - repeated slashes are collapsed, one trailing slash is dropped;
 * - case is kept: paths are case-sensitive and the services route case-sensitively, so
 *   `/api/auth/LOGIN` is an unknown path (404), not a second way to the login.
 */
export type CanonicalPath = { ok: true; path: string } | { ok: false; problem: 'encoding' | 'control' | 'fragment' | 'dot-segment' };

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function canonicalPath(raw: string): CanonicalPath {
  if (!raw.startsWith('/')) return { ok: false, problem: 'encoding' };
  let decoded = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    const code = ch.charCodeAt(0);
    if (code <= 0x1f || code === 0x7f) return { ok: false, problem: 'control' };
    if (ch === '#') return { ok: false, problem: 'fragment' };
    if (ch !== '%') {
      decoded += ch;
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return { ok: false, problem: 'encoding' };
    const byte = parseInt(hex, 16);
    if (byte <= 0x1f || byte === 0x7f) return { ok: false, problem: 'control' };
    const char = String.fromCharCode(byte);
    decoded += UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
    i += 2;
  }
  const segments: string[] = [];
  const parts = decoded.split('/').slice(1);
  for (let idx = 0; idx < parts.length; idx++) {
    const seg = parts[idx]!;
    if (seg === '.' || seg === '..') return { ok: false, problem: 'dot-segment' };
    if (seg === '' && idx < parts.length - 1) continue; // repeated slash
    segments.push(seg);
  }
  let path = `/${segments.join('/')}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { ok: true, path };
}

/**
 * First step of the gateway: every later step (limits, routing, proxy) sees only the canonical
 * path, and the owning service receives exactly that path. Returns the canonical path (without the
 * query); a malformed path, a dot segment, a raw `#` or a control character in the path or query is
 * answered 400 here and gives undefined.
 */
export function canonicalUrl(req: Request, res: Response): string | undefined {
  const q = req.url.indexOf('?');
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const query = q === -1 ? '' : req.url.slice(q);
  const c = canonicalPath(rawPath);
  if (!c.ok || queryHasControlCharacters(query.slice(1)) || query.includes('#')) {
    const malformed = !c.ok && (c.problem === 'encoding' || c.problem === 'dot-segment');
    res.status(400).json({ detail: malformed ? INPUT_MESSAGES.badPath : INPUT_MESSAGES.controlCharacters });
    return undefined;
  }
  req.url = c.path + query;
  req.originalUrl = req.url;
  return c.path;
}
