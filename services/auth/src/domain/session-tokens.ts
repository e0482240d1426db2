import { randomUUID } from 'node:crypto';
import { createTokenVerifier, revokedSessionKey, revokedUserKey, TOKEN_AUDIENCE, TOKEN_ISSUER, type KeyValueStore, type Role, type TokenVerifier } from '@stundenplan/base';
import { SignJWT, type JSONWebKeySet } from 'jose';
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
 * rid, email, name, jti, iat, iatms, exp) and writes the revocation keys every verifier reads.
 */
export class SessionTokens {
  readonly jwks: JSONWebKeySet;
  readonly verify: TokenVerifier;

  constructor(
    private readonly key: SigningKey,
    private readonly store: KeyValueStore,
    readonly ttlSeconds: number,
  ) {
    this.jwks = { keys: [key.publicJwk] };
    this.verify = createTokenVerifier({ jwks: this.jwks, store });
  }

  async issue(user: SessionSubject): Promise<IssuedSession> {
    const sessionId = randomUUID();
    // Millisecond issue time strictly after any revocation of this user (a login right after a password reset).
    const revokedBefore = Number((await this.store.get(revokedUserKey(user.id))) ?? 0);
    const iatms = Math.max(Date.now(), revokedBefore + 1);
    const iat = Math.floor(iatms / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ role: roleOf(user.roleId), rid: user.roleId, email: user.email, name: user.name, iatms })
      .setProtectedHeader({ alg: 'ES256', kid: this.key.publicJwk.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(sessionId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key.privateKey);
    return { token, sessionId, expiresAt: new Date(exp * 1000) };
  }

  /** Ends one session everywhere (gateway and every service check the store). */
  async revokeSession(sessionId: string): Promise<void> {
    if (sessionId) await this.store.set(revokedSessionKey(sessionId), '1', this.ttlSeconds + 60);
  }

  /** Ends every session of the user issued up to now. */
  async revokeUser(userId: string): Promise<void> {
    await this.store.set(revokedUserKey(userId), String(Date.now()), this.ttlSeconds + 24 * 3600);
  }
}
