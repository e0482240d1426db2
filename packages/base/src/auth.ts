import type { NextFunction, Request, Response } from 'express';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors.js';
import type { KeyValueStore } from './store.js';

export const SESSION_COOKIE = 'sp_session';
export const TOKEN_ISSUER = 'stundenplan-auth';
export const TOKEN_AUDIENCE = 'stundenplan';

export type Role = 'teacher' | 'student';
export const ROLE_IDS: Record<Role, number> = { student: 1, teacher: 2 };

export interface SessionUser {
  userId: string;
  role: Role;
  roleId: number;
  email: string;
  name: string;
  sessionId: string;
  /** Milliseconds since the epoch. */
  issuedAt: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: SessionUser;
  }
}

/** Store keys shared by auth (writes) and every verifier (reads). */
export const revokedSessionKey = (sid: string) => `revoked:session:${sid}`;
export const revokedUserKey = (userId: string) => `revoked:user:${userId}`;
/** Cached "the auth service said this session is active" (short-lived, see SESSION_ACTIVE_CACHE_SECONDS). */
export const activeSessionKey = (sid: string) => `session:active:${sid}`;

/** How long a verifier trusts the auth service's "active" answer, at most. */
export const SESSION_ACTIVE_CACHE_SECONDS = 30;

/**
 * When a kept "active" answer is asked again: after 15-20 s, at random (so sessions checked together are not
 * asked about together again), in the background while the answer, at most SESSION_ACTIVE_CACHE_SECONDS old,
 * still lets requests through. Only a session without a kept answer waits for the auth service.
 */
export function sessionRefreshAfterMs(random: () => number = Math.random): number {
  return 15_000 + Math.floor(random() * 5_001);
}

/**
 * Internal endpoint of the auth service (same origin as its JWKS): POST {token} answers {active}.
 * It tells only whether the presented token's session is still active, which its holder could learn from
 * GET /api/me anyway. Not under /api, so the gateway never routes it.
 */
export const SESSION_STATUS_PATH = '/internal/session-status';

/**
 * Asks the authority whether the session of an already signature-checked token is still active
 * (false: ended or the user is deleted). Throws AppError UNAVAILABLE when it cannot tell.
 */
export type SessionCheck = (token: string, user: SessionUser) => Promise<boolean>;

export interface TokenVerifierOptions {
  jwksUrl?: string;
  jwks?: JSONWebKeySet;
  store: KeyValueStore;
  /**
   * Who knows whether a session is still active. Default with jwksUrl: the auth service's
   * SESSION_STATUS_PATH next to the JWKS. Without it (local JWKS, false) only the store is asked.
   */
  checkSession?: SessionCheck | false;
}

export type TokenVerifier = (token: string) => Promise<SessionUser>;

/** Tokens whose signature and claims were checked, kept per verifier (oldest dropped beyond the maximum). */
const VERIFIED_CACHE_MAX = 10_000;
/** How long a checked token is trusted without checking its signature again (never past its exp). */
const VERIFIED_CACHE_MS = 60_000;

const sessionUnavailable = () => new AppError('UNAVAILABLE', 'Die Anmeldung kann gerade nicht geprüft werden. Bitte versuche es später erneut.');

/** SessionCheck over HTTP against the auth service's SESSION_STATUS_PATH. */
function httpSessionCheck(url: string, timeoutMs = 3000): SessionCheck {
  return async (token) => {
    let res: globalThis.Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw Object.assign(sessionUnavailable(), { cause: e });
    }
    const body = (await res.json().catch(() => null)) as { active?: unknown } | null;
    if (!res.ok || typeof body?.active !== 'boolean') throw sessionUnavailable();
    return body.active;
  };
}

/**
 * Verifies signature, issuer, audience and expiry (a token without exp is refused), then whether the
 * session was ended: the store's revocation keys first (fast path), then, unless an "active" answer is
 * cached, the auth service (its PostgreSQL is the truth, so an ended session stays ended after a restart
 * with an empty store). Its answer is cached: active for SESSION_ACTIVE_CACHE_SECONDS (asked again in the
 * background before, see sessionRefreshAfterMs), ended until exp.
 */
export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  let keys: JWTVerifyGetKey | undefined;
  const getKeys = (): JWTVerifyGetKey => {
    if (!keys) {
      if (opts.jwks) keys = createLocalJWKSet(opts.jwks);
      else if (opts.jwksUrl) keys = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 1000, timeoutDuration: 5000 });
      else throw new Error('token verifier needs jwks or jwksUrl');
    }
    return keys;
  };
  const check: SessionCheck | undefined =
    opts.checkSession === false
      ? undefined
      : (opts.checkSession ?? (opts.jwksUrl ? httpSessionCheck(new URL(SESSION_STATUS_PATH, opts.jwksUrl).toString()) : undefined));
  const { store } = opts;
  // A token's signature, issuer, audience and expiry give the same answer every time until it expires:
  // checked once, the claims are kept for a short while (the session checks below still run every time).
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  const verifyClaims = async (token: string): Promise<JWTPayload> => {
    const now = Date.now();
    const hit = verified.get(token);
    if (hit && hit.until > now) return hit.payload;
    if (hit) verified.delete(token);
    const { payload } = await jwtVerify(token, getKeys(), { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, requiredClaims: ['exp'] });
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { payload, until: Math.min(Number(payload.exp) * 1000, now + VERIFIED_CACHE_MS) });
    return payload;
  };
  // The requests of one session that find no kept answer, or a due one, at the same moment (e.g. 200 at once)
  // share one question to the auth service instead of asking 200 times.
  const asking = new Map<string, Promise<boolean>>();
  const askOnce = (ask: SessionCheck, token: string, user: SessionUser, exp: number): Promise<boolean> => {
    let answer = asking.get(user.sessionId);
    if (!answer) {
      answer = (async () => {
        try {
          const active = await ask(token, user);
          if (active) await store.set(activeSessionKey(user.sessionId), String(Date.now() + sessionRefreshAfterMs()), SESSION_ACTIVE_CACHE_SECONDS);
          else await store.set(revokedSessionKey(user.sessionId), '1', Math.max(1, exp - Math.floor(Date.now() / 1000)) + 60);
          return active;
        } finally {
          asking.delete(user.sessionId);
        }
      })();
      asking.set(user.sessionId, answer);
    }
    return answer;
  };
  return async (token: string) => {
    let payload: JWTPayload;
    try {
      payload = await verifyClaims(token);
    } catch {
      throw AppError.unauthorized('Nicht angemeldet');
    }
    const user: SessionUser = {
      userId: String(payload.sub),
      role: payload.role === 'teacher' ? 'teacher' : 'student',
      roleId: Number(payload.rid),
      email: String(payload.email ?? ''),
      name: String(payload.name ?? ''),
      sessionId: String(payload.jti ?? ''),
      // Millisecond issue time (claim `iatms`) so a login right after a revocation is not caught by it.
      issuedAt: typeof payload.iatms === 'number' ? payload.iatms : Number(payload.iat ?? 0) * 1000,
    };
    if (await store.get(revokedSessionKey(user.sessionId))) throw AppError.unauthorized('Sitzung beendet');
    const revokedBefore = await store.get(revokedUserKey(user.userId));
    if (revokedBefore && user.issuedAt <= Number(revokedBefore)) throw AppError.unauthorized('Sitzung beendet');
    if (check) {
      // The kept answer holds the time from which it is asked again (see sessionRefreshAfterMs).
      const kept = await store.get(activeSessionKey(user.sessionId));
      if (!kept) {
        if (!(await askOnce(check, token, user, Number(payload.exp)))) throw AppError.unauthorized('Sitzung beendet');
      } else if (Date.now() >= Number(kept)) {
        askOnce(check, token, user, Number(payload.exp)).catch(() => undefined);
      }
    }
    return user;
  };
}

export function readToken(req: Request): string | undefined {
  const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (cookie) return cookie;
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/** Attaches req.user when a valid session is present; never rejects on its own. */
export function sessionMiddleware(verify: TokenVerifier) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = readToken(req);
    if (token) {
      try {
        req.user = await verify(token);
      } catch {
        req.user = undefined;
      }
    }
    next();
  };
}

export function assertUser(req: Request): SessionUser {
  if (!req.user) throw AppError.unauthorized('Nicht angemeldet');
  return req.user;
}

export function assertRole(req: Request, role: Role): SessionUser {
  const user = assertUser(req);
  if (user.role !== role) throw AppError.forbidden();
  return user;
}

export const assertTeacher = (req: Request) => assertRole(req, 'teacher');
export const assertStudent = (req: Request) => assertRole(req, 'student');
