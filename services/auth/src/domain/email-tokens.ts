import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'confirm' | 'reset' | 'oidc-link';

/** Lifetimes: a reset link 60 minutes, a confirmation link 7 days, a link to connect the university sign-in 60 minutes. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm: 7 * 24 * 3600 * 1000,
  reset: 60 * 60 * 1000,
  'oidc-link': 60 * 60 * 1000,
};

/** 32 random bytes, base64url; only the sha256 is stored. */
export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Anything else is not one of our tokens (and is not worth a database query). */
export function looksLikeToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
