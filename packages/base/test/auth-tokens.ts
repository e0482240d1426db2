import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { expect } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/auth.js';
import { AppError } from '../src/errors.js';

/** Keys and session tokens as the auth service makes them, for the token-verifier tests. */
export interface Keys {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function makeKeys(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { privateKey, publicJwk };
}

export interface TokenOptions {
  sub?: string;
  role?: string;
  rid?: number;
  email?: string;
  name?: string;
  jti?: string;
  iat?: number;
  exp?: number;
  issuer?: string;
  audience?: string;
  kid?: string;
}

export const nowSec = () => Math.floor(Date.now() / 1000);

/** Signs a session token the way the auth service does. */
export async function signToken(keys: Keys, o: TokenOptions = {}): Promise<string> {
  const iat = o.iat ?? nowSec();
  return new SignJWT({ role: o.role ?? 'teacher', rid: o.rid ?? 2, email: o.email ?? 'lehrer@example.org', name: o.name ?? 'Frau Lehrer' })
    .setProtectedHeader({ alg: 'ES256', kid: o.kid ?? keys.publicJwk.kid })
    .setSubject(o.sub ?? 'user-1')
    .setJti(o.jti ?? 'session-1')
    .setIssuedAt(iat)
    .setExpirationTime(o.exp ?? iat + 3600)
    .setIssuer(o.issuer ?? TOKEN_ISSUER)
    .setAudience(o.audience ?? TOKEN_AUDIENCE)
    .sign(keys.privateKey);
}

export async function expectUnauthorized(p: Promise<unknown>, detail = 'Nicht angemeldet'): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('UNAUTHORIZED');
  expect((err as AppError).httpStatus).toBe(401);
  expect((err as AppError).detail).toBe(detail);
}
