import { SESSION_COOKIE } from '@stundenplan/base';
import type { CookieOptions, Response } from 'express';
import type { Config } from '../config.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure unless the deployment is plain http on this machine (browsers drop Secure cookies on http otherwise). */
export function cookieSecure(cfg: Pick<Config, 'COOKIE_SECURE' | 'PUBLIC_BASE_URL'>): boolean {
  if (cfg.COOKIE_SECURE !== 'auto') return cfg.COOKIE_SECURE === 'true';
  try {
    const url = new URL(cfg.PUBLIC_BASE_URL);
    return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return true;
  }
}

function baseOptions(cfg: Config): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: cookieSecure(cfg) };
}

export function setSessionCookie(res: Response, cfg: Config, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { ...baseOptions(cfg), expires: expiresAt });
}

export function clearSessionCookie(res: Response, cfg: Config): void {
  res.clearCookie(SESSION_COOKIE, baseOptions(cfg));
}
