import { randomUUID } from 'node:crypto';
import {
  createTokenVerifier,
  revokedSessionKey,
  revokedUserKey,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type KeyValueStore,
  type Role,
  type TokenVerifier,
} from '@stundenplan/base';
import { SignJWT, type JSONWebKeySet } from 'jose';
import type { SessionRepository } from '../data/session-repository.js';
import type { SigningKey } from '../data/signing-key.js';

export interface SessionSubject {
  id: string;
  roleId: number;
  email: string;
  name: string;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export const roleOf = (roleId: number): Role => (roleId === 2 ? 'teacher' : 'student');

/**
 * Signs the session JWT in exactly the format packages/base verifies (issuer, audience, sub, role,
 * rid, email, name, jti, iat, iatms, exp). Every session is a row of the sessions table (jti = id), the
 * truth every verifier ends up asking; ending a session writes that row first, then the store keys
 * every verifier reads first (fast path, and the cache in front of the table).
 */
export class SessionTokens {
  readonly jwks: JSONWebKeySet;
  readonly verify: TokenVerifier;

  constructor(
    private readonly key: SigningKey,
    private readonly store: KeyValueStore,
    private readonly sessions: SessionRepository,
    readonly ttlSeconds: number,
  ) {
    this.jwks = { keys: [key.publicJwk] };
    // Auth asks its own table directly (the other services ask it over HTTP).
    this.verify = createTokenVerifier({ jwks: this.jwks, store, checkSession: (_token, user) => sessions.isActive(user.sessionId, user.userId) });
  }

  /** `oidcIdToken`: the ID token of a university sign-in, kept for the logout at the issuer. */
  async issue(user: SessionSubject, opts: { oidcIdToken?: string } = {}): Promise<IssuedSession> {
    const sessionId = randomUUID();
    // Millisecond issue time strictly after any revocation of this user (a login right after a password reset).
    const revokedBefore = Number((await this.store.get(revokedUserKey(user.id))) ?? 0);
    const iatms = Math.max(Date.now(), revokedBefore + 1);
    const iat = Math.floor(iatms / 1000);
    const exp = iat + this.ttlSeconds;
    const expiresAt = new Date(exp * 1000);
    await this.sessions.create(sessionId, user.id, expiresAt, new Date(), opts.oidcIdToken ?? null);
    const token = await new SignJWT({ role: roleOf(user.roleId), rid: user.roleId, email: user.email, name: user.name, iatms })
      .setProtectedHeader({ alg: 'ES256', kid: this.key.publicJwk.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(sessionId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key.privateKey);
    return { token, sessionId, expiresAt };
  }

  /** The ID token of a session begun at the university's issuer, else null. */
  oidcIdTokenOf(sessionId: string): Promise<string | null> {
    return this.sessions.oidcIdTokenOf(sessionId);
  }

  /** Ends one session everywhere (logout). */
  async revokeSession(sessionId: string): Promise<void> {
    if (!sessionId) return;
    await this.sessions.revoke(sessionId);
    await this.markSessionRevoked(sessionId);
  }

  /** Ends every session of the user issued up to now (password reset). */
  async revokeUser(userId: string): Promise<void> {
    await this.sessions.revokeAllOfUser(userId);
    await this.markUserRevoked(userId);
  }

  /** Store side only, for revocations already written to PostgreSQL in the caller's transaction. */
  async markSessionRevoked(sessionId: string): Promise<void> {
    if (sessionId) await this.store.set(revokedSessionKey(sessionId), '1', this.ttlSeconds + 60);
  }

  async markUserRevoked(userId: string): Promise<void> {
    await this.store.set(revokedUserKey(userId), String(Date.now()), this.ttlSeconds + 24 * 3600);
  }
}
