import { hitRateLimit, type KeyValueStore } from '@stundenplan/base';
import type { Request, Response } from 'express';

/**
 * Limits on the endpoints people can hammer without a session (docs/product/errors.md Contact: 429 + wait_time).
 * Paths are matched exactly: the gateway has made the path canonical before (canonical-path.ts) and
 * forwards that same path, and the services route case-sensitively and strictly, so any other
 * spelling is a 404 there.
 */
interface Rule {
  path: RegExp;
  /** The method the rule counts; POST unless said. */
  method?: 'GET' | 'POST';
  /** One path the rule counts, for the spelling tests, when `path` is not a literal path. */
  example?: string;
  name: string;
  perIp: { limit: number; windowSeconds: number };
  perAccount?: { limit: number; windowSeconds: number };
  /**
   * Per account AND client address: guessing one account's password is slowed per address, and nobody can
   * lock the account's owner out from another address (a per-account counter would let anybody do that).
   */
  perAccountAndIp?: { limit: number; windowSeconds: number };
  detail: string;
}

export const RATE_RULES: Rule[] = [
  {
    path: /^\/api\/auth\/login$/,
    name: 'login',
    perIp: { limit: 30, windowSeconds: 600 },
    perAccountAndIp: { limit: 10, windowSeconds: 600 },
    detail: 'Zu viele Anmeldeversuche. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    // It checks the password too, so it must not become a way around the login limits.
    path: /^\/api\/auth\/resend-confirmation$/,
    name: 'resend',
    perIp: { limit: 30, windowSeconds: 600 },
    perAccount: { limit: 5, windowSeconds: 600 },
    detail: 'Zu viele Anfragen für einen neuen Bestätigungs-Link. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    path: /^\/api\/auth\/register$/,
    name: 'register',
    perIp: { limit: 20, windowSeconds: 3600 },
    detail: 'Zu viele Registrierungen von dieser Adresse. Bitte versuche es später erneut.',
  },
  {
    path: /^\/api\/auth\/forgot-password$/,
    name: 'forgot',
    perIp: { limit: 10, windowSeconds: 3600 },
    perAccount: { limit: 3, windowSeconds: 3600 },
    detail: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuche es später erneut.',
  },
  {
    // Public calendar subscription links (docs/product/api.md): no session, so the token must not be guessable by hammering.
    path: /^\/api\/calendar\/[^/]+\.ics$/,
    method: 'GET',
    example: '/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics',
    name: 'calendar',
    perIp: { limit: 120, windowSeconds: 600 },
    detail: 'Zu viele Kalenderabrufe. Bitte versuche es später erneut.',
  },
  {
    // Reading a calendar (docs/product/times.md) may make the server fetch a link: costly, so limited per address.
    path: /^\/api\/me\/calendar-import$/,
    name: 'calendar-import',
    perIp: { limit: 30, windowSeconds: 600 },
    detail: 'Zu viele Kalenderimporte. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    // A copy of one's data asks every service for everything about the caller: costly, so limited per address.
    path: /^\/api\/me\/export$/,
    method: 'GET',
    name: 'export',
    perIp: { limit: 10, windowSeconds: 600 },
    detail: 'Zu viele Datenkopien in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    // Each request mails a classmate (within the teacher's mail budget too).
    path: /^\/api\/lessons\/swap-requests$/,
    name: 'swap-request',
    perIp: { limit: 30, windowSeconds: 600 },
    detail: 'Zu viele Tauschanfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    // A cancellation or a booking mails the other party (within the teacher's mail budget too).
    path: /^\/api\/(lessons\/cancel|makeups\/[^/]+\/book)$/,
    example: '/api/makeups/0b1c2d3e-1111-4222-8333-444455556666/book',
    name: 'makeups',
    perIp: { limit: 60, windowSeconds: 600 },
    detail: 'Zu viele Absagen oder Nachholtermin-Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    // University sign-in: each start keeps a flow in the store, each return may reach the issuer, a link probes a token.
    path: /^\/api\/auth\/oidc\/(login|callback|link)$/,
    method: 'GET',
    example: '/api/auth/oidc/login',
    name: 'oidc',
    perIp: { limit: 60, windowSeconds: 600 },
    detail: 'Zu viele Anmeldeversuche über die Hochschule. Bitte warte einen Moment und versuche es erneut.',
  },
  {
    path: /^\/api\/contact$/,
    name: 'contact',
    perIp: { limit: 3, windowSeconds: 600 },
    detail: 'Du hast zu viele Nachrichten gesendet. Bitte warte, bevor du eine weitere Nachricht sendest.',
  },
];

export type RateOverrides = Partial<Record<string, { limit: number; windowSeconds: number }>>;

/**
 * Counts a request against its rule (if one applies) and answers 429 with `wait_time` when a limit
 * is reached. Resolves true when it has answered. `path` is the canonical path; `body` the parsed
 * JSON body (the per-account rules read its e-mail).
 */
export function createRateLimiter(store: KeyValueStore, overrides: RateOverrides = {}) {
  return async (req: Request, res: Response, path: string, body: unknown): Promise<boolean> => {
    if (req.method !== 'POST' && req.method !== 'GET') return false;
    const rule = RATE_RULES.find((r) => (r.method ?? 'POST') === req.method && r.path.test(path));
    if (!rule) return false;
    const ipRule = overrides[rule.name] ?? rule.perIp;
    const ip = req.ip ?? 'unknown';
    const checks = [hitRateLimit(store, `${rule.name}:ip:${ip}`, ipRule.limit, ipRule.windowSeconds)];
    const rawEmail = (body as { email?: unknown } | undefined)?.email;
    const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
    if (rule.perAccount && email) {
      const acc = overrides[`${rule.name}:account`] ?? rule.perAccount;
      checks.push(hitRateLimit(store, `${rule.name}:acc:${email}`, acc.limit, acc.windowSeconds));
    }
    if (rule.perAccountAndIp && email) {
      const pair = overrides[`${rule.name}:account`] ?? rule.perAccountAndIp;
      checks.push(hitRateLimit(store, `${rule.name}:acc-ip:${email}:${ip}`, pair.limit, pair.windowSeconds));
    }
    const results = await Promise.all(checks);
    const blocked = results.filter((r) => !r.allowed);
    if (!blocked.length) return false;
    const wait = Math.max(...blocked.map((b) => b.waitSeconds));
    res.setHeader('Retry-After', String(wait));
    res.status(429).json({ detail: rule.detail, wait_time: wait });
    return true;
  };
}
