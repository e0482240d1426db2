import { useEffect, useState } from 'react';
import { ApiError, detailText } from '../../shared/api/client';
import { readStorage, removeStorage, writeStorage } from '../../shared/storage';
import { waitMinutes } from './contact-lock';

/** The rate-limit lock survives a reload (docs/product/documents.md: locked until the wait time runs out). */
const LOCK_KEY = 'contactLock';
const RATE_LIMITED = 'Zu viele Nachrichten in kurzer Zeit.';

interface RateLimit {
  detail: string;
  until: number;
}

function readLock(): RateLimit | null {
  try {
    const raw = readStorage(LOCK_KEY);
    const lock = raw ? (JSON.parse(raw) as Partial<RateLimit>) : null;
    if (lock && typeof lock.until === 'number' && lock.until > Date.now() && typeof lock.detail === 'string') return { detail: lock.detail, until: lock.until };
  } catch {
    /* a broken entry is no lock */
  }
  removeStorage(LOCK_KEY);
  return null;
}

export interface ContactLock {
  /** The server's 429 text while locked, else null. */
  detail: string | null;
  /** Whole minutes left, rounded up (at least 1 while locked). */
  remainingMinutes: number;
  /** Takes a failed send: true when it was the rate limit (the lock is set), false for any other failure. */
  lockOn(error: unknown): boolean;
}

/**
 * The contact rate limit in the browser (docs/product/errors.md Contact): after a 429 the submit is locked
 * for `wait_time` seconds, counting down. One lock for every form that posts to POST /api/contact
 * (the contact page and 'Barriere melden'), as the server counts them together.
 */
export function useContactLock(): ContactLock {
  // Read after the first render: a page the build rendered is hydrated, and its first render must be the build's.
  const [limit, setLimit] = useState<RateLimit | null>(null);
  useEffect(() => setLimit(readLock()), []);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!limit) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= limit.until) {
        setLimit(null);
        removeStorage(LOCK_KEY);
      }
    };
    const timer = setInterval(tick, 1000);
    const end = setTimeout(tick, Math.max(0, limit.until - Date.now()));
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [limit]);

  const locked = limit !== null && now < limit.until;
  const lockOn = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 429) return false;
    const body = error.body as { wait_time?: unknown } | undefined;
    const waitSeconds = Number(body?.wait_time);
    const seconds = Number.isFinite(waitSeconds) && waitSeconds > 0 ? waitSeconds : 60;
    const start = Date.now();
    setNow(start);
    const lock = { detail: detailText(error.body) ?? RATE_LIMITED, until: start + seconds * 1000 };
    setLimit(lock);
    writeStorage(LOCK_KEY, JSON.stringify(lock));
    return true;
  };
  return { detail: locked ? limit.detail : null, remainingMinutes: limit ? waitMinutes((limit.until - now) / 1000) : 0, lockOn };
}
