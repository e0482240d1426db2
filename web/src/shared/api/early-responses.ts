// Answers asked for before the app's JavaScript was there (app/early-start.ts, docs/adr/0016-early-start.md): the
// first request of the app for the same URL takes its answer instead of asking again.

declare global {
  interface Window {
    /**
     * Early answers by URL, each taken once. Whoever comes first sets it: the early start fills it, the app
     * (`claimEarlyResponses`) leaves it empty, so that an early start running after the app asks for nothing.
     */
    __earlyResponses?: Map<string, Promise<Response>>;
  }
}

/** Called as the app starts: from now on the early start, if it has not run yet, asks for nothing. */
export function claimEarlyResponses(): void {
  window.__earlyResponses ??= new Map();
}

/**
 * The early answer for a plain GET of `url` (no headers of its own), taken out so that nobody reads it twice;
 * undefined when there is none (the early start drops what nobody took after a few seconds).
 */
export function takeEarlyResponse(method: string, url: string, ownHeaders: boolean): Promise<Response> | undefined {
  const store = typeof window === 'undefined' ? undefined : window.__earlyResponses;
  const early = method === 'GET' && !ownHeaders ? store?.get(url) : undefined;
  if (early) store?.delete(url);
  return early;
}
