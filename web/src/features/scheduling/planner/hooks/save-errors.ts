import { errorMessage, isApiError } from '../../../../shared/api/client';

/** docs/product/errors.md: 'Fehler: {message}' from the first msg of a list detail; null for other errors. */
export function listDetailMessage(e: unknown): string | null {
  if (!isApiError(e)) return null;
  const d = e.detail;
  if (Array.isArray(d) && d[0] && typeof d[0] === 'object' && typeof (d[0] as { msg?: unknown }).msg === 'string')
    return `Fehler: ${(d[0] as { msg: string }).msg}`;
  return null;
}

export function detailMessage(e: unknown, fallback: string): string {
  if (isApiError(e)) return listDetailMessage(e) ?? (e.message || fallback);
  return errorMessage(e, fallback);
}

/** A request the page aborted (route change, newer request): nothing to tell. */
export function wasAborted(e: unknown): boolean {
  return isApiError(e) && e.kind === 'aborted';
}
