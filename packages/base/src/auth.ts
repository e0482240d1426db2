import type { NextFunction, Request, Response } from 'express';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
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

export interface TokenVerifierOptions {
  jwksUrl?: string;
  jwks?: JSONWebKeySet;
  store: KeyValueStore;
}

export type TokenVerifier = (token: string) => Promise<SessionUser>;

/** Verifies signature, issuer, audience and expiry, then asks the store whether the session was revoked. */
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
  return async (token: string) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, getKeys(), { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE }));
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
    if (await opts.store.get(revokedSessionKey(user.sessionId))) throw AppError.unauthorized('Sitzung beendet');
    const revokedBefore = await opts.store.get(revokedUserKey(user.userId));
    if (revokedBefore && user.issuedAt <= Number(revokedBefore)) throw AppError.unauthorized('Sitzung beendet');
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
