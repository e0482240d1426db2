import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@stundenplan/base';
import type { NotificationDeps } from './deps.js';
import { studentCalendar } from './student-calendar.js';

const SUBSCRIPTION_MSG = {
  created: 'Dein privater Kalender-Link wurde erstellt. Ein früherer Link funktioniert nicht mehr.',
  revoked: 'Dein Kalender-Link wurde widerrufen.',
  unknown: 'Kalender nicht gefunden',
} as const;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function subscriptionUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

/** Makes (or replaces) the student's private link; the link is answered only now. */
export async function createSubscription(deps: NotificationDeps, userId: string): Promise<{ url: string; created_at: string; message: string }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = await deps.calendarTokens.replace(userId, sha256(token));
  deps.log.info({ userId }, 'calendar subscription link created');
  return { url: subscriptionUrl(deps.cfg.PUBLIC_BASE_URL, token), created_at: createdAt.toISOString(), message: SUBSCRIPTION_MSG.created };
}

export async function subscriptionStatus(deps: NotificationDeps, userId: string): Promise<{ active: boolean; created_at: string | null }> {
  const row = await deps.calendarTokens.find(userId);
  return { active: Boolean(row), created_at: row ? row.createdAt.toISOString() : null };
}

export async function revokeSubscription(deps: NotificationDeps, userId: string): Promise<{ message: string }> {
  await deps.calendarTokens.remove(userId);
  return { message: SUBSCRIPTION_MSG.revoked };
}

/**
 * GET /api/calendar/{token}.ics: anyone with the link (calendar apps have no session); unknown or revoked: 404.
 * A link made up to the moment the account's sessions were last ended (password reset, deletion) is dead at
 * once: the auth service writes that moment to the shared store before it answers, and the link's row goes
 * a moment later with user.password-reset.v1 (docs/adr/0017-calendar-link-ends-with-the-sessions.md).
 */
export async function subscribedCalendar(deps: NotificationDeps, token: string): Promise<string> {
  if (!TOKEN_RE.test(token)) throw AppError.notFound(SUBSCRIPTION_MSG.unknown);
  const holder = await deps.calendarTokens.holderOf(sha256(token));
  if (!holder) throw AppError.notFound(SUBSCRIPTION_MSG.unknown);
  const endedAt = await deps.sessionsEndedAt(holder.userId);
  if (endedAt !== null && holder.createdAt.getTime() <= endedAt) throw AppError.notFound(SUBSCRIPTION_MSG.unknown);
  return studentCalendar(deps, holder.userId);
}
