import { AppError, hitRateLimit, type KeyValueStore } from '@stundenplan/base';
import { MSG } from './messages.js';

/**
 * Per-account limits enforced by the auth service itself (the gateway counts the same numbers in front of
 * it), counted in the shared store (Redis in distributed mode), so neither a second gateway replica nor a
 * direct call to the service gets around them. Same numbers and German details as the gateway's limits;
 * keys of their own, so one request through the gateway counts once here and once there.
 */
export const ACCOUNT_LIMITS = {
  login: { limit: 10, windowSeconds: 600, detail: MSG.loginLimited },
  forgotPassword: { limit: 3, windowSeconds: 3600, detail: MSG.forgotLimited },
  resendConfirmation: { limit: 5, windowSeconds: 600, detail: MSG.resendLimited },
} as const;

export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

const KEY_PREFIX: Record<AccountLimit, string> = {
  login: 'auth:login:acc',
  forgotPassword: 'auth:forgot-password:acc',
  resendConfirmation: 'resend-confirmation:acc',
};

/** Counts one attempt for the (normalised) address; over the limit: 429 with wait_time in seconds, like the gateway. */
export async function limitAccount(store: KeyValueStore, which: AccountLimit, email: string): Promise<void> {
  const rule = ACCOUNT_LIMITS[which];
  const hit = await hitRateLimit(store, `${KEY_PREFIX[which]}:${email}`, rule.limit, rule.windowSeconds);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', rule.detail, { extra: { wait_time: hit.waitSeconds } });
}
