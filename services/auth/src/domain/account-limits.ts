import { AppError, hitRateLimit, type KeyValueStore } from '@stundenplan/base';
import { MSG } from './messages.js';

/**
 * Per-account limits enforced by the auth service itself (the gateway counts the same numbers in front of
 * it), counted in the shared store (Redis in distributed mode), so neither a second gateway replica nor a
 * direct call to the service gets around them. Same numbers and German details as the gateway's limits;
 * keys of their own, so one request through the gateway counts once here and once there.
 */
export const ACCOUNT_LIMITS = {
  forgotPassword: { limit: 3, windowSeconds: 3600, detail: MSG.forgotLimited },
  resendConfirmation: { limit: 5, windowSeconds: 600, detail: MSG.resendLimited },
} as const;

export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

const KEY_PREFIX: Record<AccountLimit, string> = {
  forgotPassword: 'auth:forgot-password:acc',
  resendConfirmation: 'resend-confirmation:acc',
};

/**
 * Password logins: per account AND client address (the address the gateway names, see clientAddressOf), never
 * per account alone: a per-account counter would let anybody lock the owner out of their password login from
 * another address. Counted before the password is checked; over it: 429 with wait_time. The limit per client
 * address across accounts is the gateway's (LOGIN_LIMIT_PER_IP, configurable for schools behind one NAT).
 */
export const LOGIN_LIMIT = { limit: 10, windowSeconds: 600 } as const;

export async function limitLogin(store: KeyValueStore, email: string, clientAddress: string): Promise<void> {
  const hit = await hitRateLimit(store, `auth:login:acc-ip:${email}:${clientAddress}`, LOGIN_LIMIT.limit, LOGIN_LIMIT.windowSeconds);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', MSG.loginLimited, { extra: { wait_time: hit.waitSeconds } });
}

/** Counts one attempt for the (normalised) address; over the limit: 429 with wait_time in seconds, like the gateway. */
export async function limitAccount(store: KeyValueStore, which: AccountLimit, email: string): Promise<void> {
  const rule = ACCOUNT_LIMITS[which];
  const hit = await hitRateLimit(store, `${KEY_PREFIX[which]}:${email}`, rule.limit, rule.windowSeconds);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', rule.detail, { extra: { wait_time: hit.waitSeconds } });
}
