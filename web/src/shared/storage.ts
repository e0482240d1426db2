// Keys and helpers for the few values the SPA keeps in the browser (docs/product/data.md "Browser storage").
export const SESSION_EXPIRED_KEY = 'sessionExpired';
export const LAST_PATH_KEY = 'lastPath';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Access can throw (privacy modes, sandboxed iframes); the app must keep working without it.
    return null;
  }
}

export function readStorage(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    /* quota or privacy mode: nothing sensible to do */
  }
}

export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    /* see writeStorage */
  }
}
